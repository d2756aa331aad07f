package dev.joseki.selfplay;

import dev.joseki.records.proto.EngineFile;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * The content address of a published engine. Each file is hashed with SHA-256; the artifact hash is
 * the SHA-256 of its listing, a text of one line per file, sorted by path, then one line naming the
 * file that is run:
 *
 * <pre>
 * SHA256 MODE PATH\n     (MODE: x executable, - not; SHA256 lower-case hex)
 * ...
 * run PATH\n
 * </pre>
 *
 * so the same files with the same modes and the same executable give the same hash wherever and
 * whenever they are published, and the hash can be worked out by hand with {@code sha256sum}
 * (docs/engines.md).
 */
public final class ArtifactHash {
    private static final HexFormat HEX = HexFormat.of();

    private ArtifactHash() {}

    /** Whether {@code s} has the form of a hash: 64 lower-case hex digits. */
    public static boolean isHash(String s) {
        return s != null && s.matches("[0-9a-f]{64}");
    }

    /** The SHA-256 of a file's content, lower-case hex. */
    public static String sha256(Path file) throws IOException {
        MessageDigest d = digest();
        byte[] buf = new byte[1 << 16];
        try (InputStream in = Files.newInputStream(file)) {
            for (int n; (n = in.read(buf)) > 0; ) {
                d.update(buf, 0, n);
            }
        }
        return HEX.formatHex(d.digest());
    }

    /** The listing the artifact hash is taken of; {@code files} sorted by path. */
    public static String listing(List<EngineFile> files, String run) {
        StringBuilder sb = new StringBuilder();
        String previous = null;
        for (EngineFile f : files) {
            if (previous != null && previous.compareTo(f.getPath()) >= 0) {
                throw new IllegalArgumentException("files not sorted by path at " + f.getPath());
            }
            previous = f.getPath();
            sb.append(f.getSha256())
                    .append(' ')
                    .append(f.getExecutable() ? 'x' : '-')
                    .append(' ')
                    .append(f.getPath())
                    .append('\n');
        }
        return sb.append("run ").append(run).append('\n').toString();
    }

    /** The artifact hash of {@code files} (sorted by path) run by {@code run}. */
    public static String of(List<EngineFile> files, String run) {
        return HEX.formatHex(digest().digest(listing(files, run).getBytes(StandardCharsets.UTF_8)));
    }

    /** The first 12 hex digits, as {@code engine list} shows a hash. */
    public static String shortHash(String hash) {
        return hash.substring(0, 12);
    }

    static MessageDigest digest() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("no SHA-256 in this JVM", e);
        }
    }
}
