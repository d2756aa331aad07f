package dev.joseki.tournament.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.joseki.tournament.tune.SpsaState;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/** A tune's {@link SpsaState} as DIR/state.json: what a re-run with the same DIR continues. */
public final class TuneStateJson {
    private static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private TuneStateJson() {}

    public static String toJson(SpsaState s) {
        try {
            return MAPPER.writeValueAsString(s) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot serialise the tune state", e);
        }
    }

    public static SpsaState fromJson(String json) {
        try {
            return MAPPER.readValue(json, SpsaState.class);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a tune state: " + e.getOriginalMessage(), e);
        }
    }

    /** Writes through a temporary file and a move, so a kill never leaves half a state. */
    public static void write(SpsaState s, Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(tmp, toJson(s));
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    /** The state in file; IllegalArgumentException starting with the file's name. */
    public static SpsaState read(Path file) throws IOException {
        try {
            return fromJson(Files.readString(file));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(file + ": " + e.getMessage(), e);
        }
    }
}
