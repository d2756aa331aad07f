package dev.joseki.selfplay;

import com.google.protobuf.InvalidProtocolBufferException;
import dev.joseki.kafka.KafkaSettings;
import dev.joseki.kafka.Topics;
import dev.joseki.records.proto.GameRecord;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.ZipException;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;

/**
 * A named run's games kept outside the broker, so that the run outlives it: a broker on disposable
 * storage, a cluster torn down between sessions. {@link #save} writes the run's records from the
 * games topic to a file; {@link #load} puts a file's records back on a games topic, where a re-run
 * of the same name finds them as it finds any earlier game of the run and plays only the rest.
 *
 * <p>The file is gzip over protobuf's length-delimited {@link GameRecord}s, exactly the messages
 * the workers published, so nothing is lost (move times, book flags, clocks). Loading never
 * duplicates: a record whose game id is already on the topic is left out, and re-loading the same
 * file publishes nothing.
 */
public final class GameArchive {
    private GameArchive() {}

    /** What {@link #load} did: games published, games the topic already had, per run. */
    public record Loaded(int published, int present, Map<String, Integer> perRun) {}

    /** A file that is not a game archive, named with the record where reading failed. */
    public static final class BadArchiveException extends IOException {
        private static final long serialVersionUID = 1L;

        BadArchiveException(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * Writes every game of tournament {@code runId} on the games topic to {@code file} (replaced
     * whole: written beside it, then moved), each game id once, in game-id order; returns how many.
     * Records that do not parse are another writer's and are skipped.
     */
    public static int save(KafkaSettings kafka, Topics topics, String runId, Path file)
            throws IOException {
        Map<String, GameRecord> games = new TreeMap<>();
        GameTopic.scan(
                kafka,
                topics,
                g -> {
                    if (g.getTournamentId().equals(runId)) {
                        games.putIfAbsent(g.getGameId(), g);
                    }
                });
        write(new ArrayList<>(games.values()), file);
        return games.size();
    }

    /**
     * Publishes the records of {@code file} whose game ids the games topic lacks (idempotent
     * producer, acks=all; keyed by game id as the workers key them) and returns when all are
     * acknowledged.
     */
    public static Loaded load(KafkaSettings kafka, Topics topics, Path file) throws IOException {
        List<GameRecord> archived = read(file);
        Set<String> present = new HashSet<>();
        GameTopic.scan(kafka, topics, g -> present.add(g.getGameId()));
        Map<String, Integer> perRun = new LinkedHashMap<>();
        List<Future<RecordMetadata>> acks = new ArrayList<>();
        int already = 0;
        try (KafkaProducer<String, byte[]> producer = new KafkaProducer<>(kafka.producer(null))) {
            for (GameRecord g : archived) {
                if (!present.add(g.getGameId())) {
                    already++;
                    continue;
                }
                perRun.merge(g.getTournamentId(), 1, Integer::sum);
                acks.add(
                        producer.send(
                                new ProducerRecord<>(
                                        topics.games(), g.getGameId(), g.toByteArray())));
            }
            producer.flush();
            for (Future<RecordMetadata> a : acks) {
                a.get();
            }
        } catch (ExecutionException e) {
            throw new IOException("publishing to " + topics.games() + ": " + e.getCause(), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while publishing to " + topics.games(), e);
        }
        return new Loaded(acks.size(), already, perRun);
    }

    /** The records of an archive file, in file order. */
    public static List<GameRecord> read(Path file) throws IOException {
        List<GameRecord> out = new ArrayList<>();
        try (InputStream in =
                new GZIPInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            while (true) {
                GameRecord g;
                try {
                    g = GameRecord.parseDelimitedFrom(in);
                } catch (InvalidProtocolBufferException e) {
                    throw new BadArchiveException(
                            file + ": record " + (out.size() + 1) + " is not a game record", e);
                }
                if (g == null) {
                    return out;
                }
                if (g.getGameId().isEmpty()) {
                    throw new BadArchiveException(
                            file + ": record " + (out.size() + 1) + " has no game id", null);
                }
                out.add(g);
            }
        } catch (ZipException e) {
            throw new BadArchiveException(file + ": not a game archive (not gzip)", e);
        } catch (EOFException e) {
            throw new BadArchiveException(
                    file + ": cut short after record " + out.size() + " (" + e.getMessage() + ")",
                    e);
        }
    }

    static void write(List<GameRecord> games, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        // a sibling, not Files.createTempFile: that one is owner-only, and the archive is to share
        Path tmp = dir.resolve(file.getFileName() + ".part");
        try {
            try (OutputStream out =
                    new GZIPOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
                for (GameRecord g : games) {
                    g.writeDelimitedTo(out);
                }
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }
}
