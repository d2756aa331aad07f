package dev.joseki.selfplay;

import dev.joseki.records.proto.EngineFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The files of an engine about to be published: every regular file under the given directories (by
 * its path below the directory) and the given files (by their file name), sorted by path, each with
 * its SHA-256 and mode, the one that is run, and the artifact hash ({@link ArtifactHash}).
 *
 * @param files what the manifest lists, sorted by path
 * @param sources where each file's bytes are, in the same order
 * @param run the path of the file the worker runs; always listed as executable
 * @param hash the artifact hash
 */
public record ArtifactFiles(List<EngineFile> files, List<Path> sources, String run, String hash) {
    public ArtifactFiles {
        files = List.copyOf(files);
        sources = List.copyOf(sources);
    }

    /** Total bytes of the files. */
    public long size() {
        return files.stream().mapToLong(EngineFile::getSize).sum();
    }

    /**
     * Collects {@code inputs} (directories and files); {@code exec} names the file to run (null:
     * the only file, or the only executable one). {@link ArtifactException} with one line naming
     * the input at fault.
     */
    public static ArtifactFiles collect(List<Path> inputs, String exec) {
        if (inputs.isEmpty()) {
            throw new ArtifactException("no files: give the engine's directory or files");
        }
        TreeMap<String, Path> byPath = new TreeMap<>();
        for (Path in : inputs) {
            if (Files.isDirectory(in)) {
                try (Stream<Path> walk = Files.walk(in)) {
                    for (Path f : walk.filter(Files::isRegularFile).sorted().toList()) {
                        add(byPath, in.relativize(f).toString().replace('\\', '/'), f);
                    }
                } catch (IOException e) {
                    throw new ArtifactException("cannot read " + in + ": " + e.getMessage(), e);
                }
            } else if (Files.isRegularFile(in)) {
                add(byPath, in.getFileName().toString(), in);
            } else {
                throw new ArtifactException(in + ": no such file or directory");
            }
        }
        String run = exec != null ? exec : onlyExecutable(byPath);
        if (!byPath.containsKey(run)) {
            throw new ArtifactException(
                    "--exec "
                            + run
                            + ": not one of the files ("
                            + String.join(", ", byPath.keySet())
                            + ")");
        }
        List<EngineFile> files = new ArrayList<>();
        List<Path> sources = new ArrayList<>();
        for (var e : byPath.entrySet()) {
            Path f = e.getValue();
            try {
                files.add(
                        EngineFile.newBuilder()
                                .setPath(e.getKey())
                                .setSha256(ArtifactHash.sha256(f))
                                .setSize(Files.size(f))
                                .setExecutable(e.getKey().equals(run) || Files.isExecutable(f))
                                .build());
            } catch (IOException ex) {
                throw new ArtifactException("cannot read " + f + ": " + ex.getMessage(), ex);
            }
            sources.add(f);
        }
        return new ArtifactFiles(files, sources, run, ArtifactHash.of(files, run));
    }

    private static void add(TreeMap<String, Path> byPath, String rel, Path f) {
        Path before = byPath.put(rel, f);
        if (before != null && !before.equals(f)) {
            throw new ArtifactException(
                    "two files would be published as " + rel + ": " + before + " and " + f);
        }
    }

    /** The file to run when no --exec is given: the only file, else the only executable one. */
    private static String onlyExecutable(TreeMap<String, Path> byPath) {
        if (byPath.size() == 1) {
            return byPath.firstKey();
        }
        List<String> executable =
                byPath.entrySet().stream()
                        .filter(e -> Files.isExecutable(e.getValue()))
                        .map(java.util.Map.Entry::getKey)
                        .toList();
        if (executable.size() == 1) {
            return executable.get(0);
        }
        throw new ArtifactException(
                "give --exec RELPATH: "
                        + byPath.size()
                        + " files, "
                        + (executable.isEmpty() ? "none" : String.join(", ", executable))
                        + " executable");
    }
}
