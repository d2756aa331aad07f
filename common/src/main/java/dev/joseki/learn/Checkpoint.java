package dev.joseki.learn;

import dev.joseki.engine.FeatureSet;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

/**
 * A training run's state after an epoch: the float weights, AdaGrad's sums and the losses so far,
 * with the options that must not change on resuming (feature set, seed, lambda, scale). Written
 * after every epoch to a temporary file moved over the last one, so a killed run leaves a whole
 * checkpoint. Java's DataOutput (big-endian); a file of this project only, not an exchange format.
 */
public record Checkpoint(
        FeatureSet features,
        long seed,
        double lambda,
        double scale,
        float[] weights,
        float[] squares,
        List<Trainer.Epoch> history) {
    private static final long MAGIC = 0x4a4f53454b49434bL; // "JOSEKICK"
    private static final int VERSION = 2; // 2: the scale after lambda

    public Checkpoint {
        history = List.copyOf(history);
    }

    /** Refuses to resume with other options, in one line. */
    void checkMatches(Trainer.Options o) {
        if (o.features() != features
                || o.seed() != seed
                || o.lambda() != lambda
                || o.scale() != scale) {
            throw new IllegalArgumentException(
                    "the checkpoint is of --features "
                            + features.label
                            + " --seed "
                            + seed
                            + " --lambda "
                            + lambda
                            + " --scale "
                            + scale
                            + "; resume with the same");
        }
    }

    public void write(Path file) throws IOException {
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try (DataOutputStream out =
                new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(tmp)))) {
            out.writeLong(MAGIC);
            out.writeInt(VERSION);
            out.writeInt(features.id);
            out.writeLong(seed);
            out.writeDouble(lambda);
            out.writeDouble(scale);
            out.writeInt(weights.length);
            for (float w : weights) {
                out.writeFloat(w);
            }
            for (float s : squares) {
                out.writeFloat(s);
            }
            out.writeInt(history.size());
            for (Trainer.Epoch e : history) {
                out.writeInt(e.epoch());
                out.writeDouble(e.trainLoss());
                out.writeDouble(e.validationLoss());
                out.writeLong(e.millis());
            }
        }
        Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    public static Checkpoint read(Path file) throws IOException {
        try (DataInputStream in =
                new DataInputStream(new BufferedInputStream(Files.newInputStream(file)))) {
            if (in.readLong() != MAGIC) {
                throw new IllegalArgumentException(file + ": not a training checkpoint");
            }
            int version = in.readInt();
            if (version != VERSION) {
                throw new IllegalArgumentException(
                        file
                                + ": a checkpoint of format version "
                                + version
                                + ", this trainer reads version "
                                + VERSION
                                + "; fit again without --resume");
            }
            FeatureSet f = FeatureSet.ofId(in.readInt());
            long seed = in.readLong();
            double lambda = in.readDouble(), scale = in.readDouble();
            int n = in.readInt();
            if (f == null || n != Model.parameters(f)) {
                throw new IllegalArgumentException(file + ": not a training checkpoint");
            }
            float[] w = new float[n], s = new float[n];
            for (int i = 0; i < n; i++) {
                w[i] = in.readFloat();
            }
            for (int i = 0; i < n; i++) {
                s[i] = in.readFloat();
            }
            int epochs = in.readInt();
            List<Trainer.Epoch> history = new ArrayList<>();
            for (int i = 0; i < epochs; i++) {
                history.add(
                        new Trainer.Epoch(
                                in.readInt(), in.readDouble(), in.readDouble(), in.readLong()));
            }
            return new Checkpoint(f, seed, lambda, scale, w, s, history);
        } catch (NoSuchFileException e) {
            throw new IllegalArgumentException(file + ": no checkpoint to resume from");
        } catch (EOFException e) {
            throw new IllegalArgumentException(file + ": checkpoint cut short");
        }
    }
}
