package dev.joseki.selfplay;

import dev.joseki.records.proto.EngineFile;
import dev.joseki.records.proto.EngineManifest;
import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A worker's published engines on disk: {@code ROOT/HASH/} holds an artifact's files, {@code
 * ROOT/HASH.ok} says they were checked and names the file to run, and its modification time is the
 * artifact's last use.
 *
 * <p>An artifact is fetched once ({@link EngineTopic#fetch}) into a fresh directory beside the
 * others, every file's SHA-256 and the artifact hash over the listing are checked against the
 * manifest and the hash the task asked for, the executable bits are set, and only then is the
 * directory moved into place: nothing that failed a check is ever under {@code ROOT/HASH}, so
 * nothing unchecked is ever run. Beyond {@link #keep} artifacts, the least recently used are
 * deleted, never one that an engine of this process runs ({@link #acquire} until {@link #release}).
 * Workers may share a root: the move into place is atomic, and an artifact in use by another
 * process is deleted only once {@link #keep} others were used after it.
 */
public final class ArtifactCache {
    private static final Logger LOG = LoggerFactory.getLogger(ArtifactCache.class);

    /** The environment variable that names the cache root. */
    public static final String ENV = "JOSEKI_ENGINE_CACHE";

    /** How many artifacts a cache keeps by default. */
    public static final int DEFAULT_KEEP = 4;

    private final Path root;
    private final int keep;
    private final Map<String, Integer> inUse = new HashMap<>();
    private long lastStamp;

    public ArtifactCache(Path root, int keep) {
        if (keep < 1) {
            throw new IllegalArgumentException("keep must be at least 1");
        }
        this.root = root;
        this.keep = keep;
    }

    /**
     * $JOSEKI_ENGINE_CACHE, else the system property {@code joseki.engine.cache}, else {@code
     * run/worker-cache/engines} under the working directory.
     */
    public static ArtifactCache standard() {
        String dir = System.getenv(ENV);
        if (dir == null || dir.isBlank()) {
            dir = System.getProperty("joseki.engine.cache", "run/worker-cache/engines");
        }
        return new ArtifactCache(Path.of(dir).toAbsolutePath(), DEFAULT_KEEP);
    }

    public Path root() {
        return root;
    }

    /** An installed artifact: its directory and the file to run in it. */
    public record Installed(Path dir, Path executable) {}

    /**
     * The checked directory of artifact {@code hash}, fetched from {@code topic} if this cache does
     * not hold it; marks it used by one more engine until {@link #release}. ArtifactException, with
     * the reason on one line, when it is missing or does not match.
     */
    public synchronized Installed acquire(String hash, EngineTopic topic) {
        Path dir = root.resolve(hash);
        Path ok = root.resolve(hash + ".ok");
        try {
            Files.createDirectories(root);
            if (!Files.exists(ok) || !Files.isDirectory(dir)) {
                install(hash, topic, dir, ok);
            }
            // strictly increasing, so that uses within one millisecond keep their order
            lastStamp = Math.max(System.currentTimeMillis(), lastStamp + 1);
            Files.setLastModifiedTime(ok, FileTime.fromMillis(lastStamp));
            inUse.merge(hash, 1, Integer::sum);
            evict();
            return new Installed(dir, dir.resolve(Files.readString(ok).strip()));
        } catch (IOException e) {
            throw new ArtifactException(
                    "artifact " + hash + ": cache " + root + ": " + e.getMessage(), e);
        }
    }

    /** One engine of {@code hash} ended. */
    public synchronized void release(String hash) {
        inUse.computeIfPresent(hash, (h, n) -> n > 1 ? n - 1 : null);
    }

    /** The hashes held, most recently used first. */
    public synchronized List<String> held() throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> s = Files.list(root)) {
            return s.filter(p -> p.getFileName().toString().endsWith(".ok"))
                    .sorted(Comparator.comparing(ArtifactCache::lastUse).reversed())
                    .map(p -> p.getFileName().toString().replace(".ok", ""))
                    .toList();
        }
    }

    private void install(String hash, EngineTopic topic, Path dir, Path ok) throws IOException {
        EngineManifest m = topic.manifest(hash);
        checkPaths(m);
        Path tmp = root.resolve(".fetch-" + hash + "-" + UUID.randomUUID());
        try {
            Files.createDirectories(tmp);
            topic.fetch(m, tmp);
            verify(m, hash, tmp);
            for (EngineFile f : m.getFilesList()) {
                tmp.resolve(f.getPath()).toFile().setExecutable(f.getExecutable(), false);
            }
            deleteTree(dir); // a directory without its .ok was left by a crash: never trusted
            try {
                Files.move(tmp, dir, StandardCopyOption.ATOMIC_MOVE);
            } catch (FileAlreadyExistsException | AtomicMoveNotSupportedException e) {
                // another worker on this root installed it meanwhile, checked as this one was
                if (!Files.isDirectory(dir)) {
                    throw e;
                }
            }
            Files.writeString(ok, m.getRun() + "\n");
            LOG.info(
                    "fetched artifact {} ({} files, {} bytes), every SHA-256 checked, into {}",
                    hash,
                    m.getFilesCount(),
                    m.getFilesList().stream().mapToLong(EngineFile::getSize).sum(),
                    dir);
        } finally {
            deleteTree(tmp);
        }
    }

    /** Refuses manifests whose paths would leave the artifact's directory. */
    private static void checkPaths(EngineManifest m) {
        for (EngineFile f : m.getFilesList()) {
            String p = f.getPath();
            if (p.isEmpty()
                    || p.startsWith("/")
                    || p.contains("\\")
                    || List.of(p.split("/")).stream()
                            .anyMatch(s -> s.isEmpty() || s.equals(".") || s.equals(".."))) {
                throw new ArtifactException(
                        "artifact " + m.getHash() + ": file path '" + p + "' refused");
            }
        }
    }

    /** Every file's size and SHA-256, the listing's hash, and that it is the hash asked for. */
    static void verify(EngineManifest m, String hash, Path dir) throws IOException {
        for (EngineFile f : m.getFilesList()) {
            Path p = dir.resolve(f.getPath());
            String actual = ArtifactHash.sha256(p);
            if (Files.size(p) != f.getSize() || !actual.equals(f.getSha256())) {
                throw new ArtifactException(
                        "artifact "
                                + hash
                                + ": "
                                + f.getPath()
                                + " does not match its SHA-256 (expected "
                                + f.getSha256()
                                + ", fetched "
                                + actual
                                + "): refused, not run");
            }
        }
        String listed = ArtifactHash.of(m.getFilesList(), m.getRun());
        if (!listed.equals(hash) || !m.getHash().equals(hash)) {
            throw new ArtifactException(
                    "artifact "
                            + hash
                            + ": its manifest hashes to "
                            + listed
                            + ": refused, not run");
        }
    }

    /** Deletes the least recently used artifacts beyond {@link #keep}, none in use here. */
    private void evict() throws IOException {
        List<String> held = held();
        for (String hash : held.subList(Math.min(keep, held.size()), held.size())) {
            if (!inUse.containsKey(hash)) {
                Files.deleteIfExists(root.resolve(hash + ".ok"));
                deleteTree(root.resolve(hash));
            }
        }
    }

    private static FileTime lastUse(Path p) {
        try {
            return Files.getLastModifiedTime(p);
        } catch (IOException e) {
            return FileTime.fromMillis(0);
        }
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(p);
            }
        }
    }
}
