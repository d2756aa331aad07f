package dev.joseki.notation;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** Loads the real records in src/test/resources/records (see the README there). */
final class RecordFixtures {
    static final String AOBAZERO =
            "kifu-for-js/dr1test1test0+tu-1_aobazero_viper-300-5F+aobazero+viper+20200719201040.csa";

    private RecordFixtures() {}

    static byte[] bytes(String name) {
        try (InputStream in = RecordFixtures.class.getResourceAsStream("/records/" + name)) {
            if (in == null) {
                throw new IllegalArgumentException("no fixture " + name);
            }
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static GameRecord game(String name) {
        return single(RecordReader.read(bytes(name), name, null));
    }

    static GameRecord single(java.util.List<GameRecord> games) {
        if (games.size() != 1) {
            throw new AssertionError("expected one game, got " + games.size());
        }
        return games.get(0);
    }
}
