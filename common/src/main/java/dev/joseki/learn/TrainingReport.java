package dev.joseki.learn;

import java.util.Locale;

/** The Markdown report of a {@link Fit} run. */
public final class TrainingReport {
    private TrainingReport() {}

    public static String markdown(Fit.Request r, Fit.Summary s) {
        Trainer.Options o = r.options();
        StringBuilder sb = new StringBuilder();
        sb.append("# Training report: ").append(r.out().getFileName()).append("\n\n");
        sb.append(
                String.format(
                        Locale.ROOT,
                        "- data: `%s`, %,d training and %,d validation positions from %d files;"
                                + " %,d left out for a teacher score beyond ±%d, %,d for a capture"
                                + " or promotion as the teacher's best move (%s)%n",
                        r.dataNames().replace(", ", "`, `"),
                        s.data().train().count(),
                        s.data().validation().count(),
                        s.data().files().size(),
                        s.data().filtered(),
                        r.evalLimit(),
                        s.data().noisy(),
                        !r.quietOnly()
                                ? "--no-quiet: none left out"
                                : r.leaves()
                                        ? String.format(
                                                Locale.ROOT,
                                                "--leaves: %,d more kept as their quiet leaf",
                                                s.data().resolved())
                                        : "quiet positions only"));
        sb.append(
                String.format(
                        Locale.ROOT,
                        "- features `%s` (%,d weights), lambda %s, %d epochs, %d threads, seed %d,"
                                + " learning rate %s (SGD with AdaGrad steps)%s%n",
                        o.features().label,
                        o.features().weightCount(),
                        o.lambda(),
                        o.epochs(),
                        o.threads(),
                        o.seed(),
                        o.learningRate(),
                        r.init() == null ? "" : ", starting from `" + r.init() + "`"));
        sb.append(
                String.format(
                        Locale.ROOT,
                        "- loss: lambda · H(sigmoid(score/K), sigmoid(eval/K)) + (1 − lambda) ·"
                                + " H(result, sigmoid(eval/K)), K = %s (--scale), scores in"
                                + " centipawns, mean per position%n%n",
                        o.scale()));
        sb.insert(
                sb.length() - 1,
                String.format(
                        Locale.ROOT,
                        "- the validation positions' results fit the handcrafted evaluation best at"
                                + " K = %.0f (result loss %.5f there)%n",
                        s.handcraftedScale().scale(),
                        s.handcraftedScale().resultLoss()));
        sb.append("| epoch | training loss | validation loss | seconds |\n|---:|---:|---:|---:|\n");
        for (Trainer.Epoch e : s.trainer().history()) {
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "| %d | %.5f | %.5f | %.1f |%n",
                            e.epoch(),
                            e.trainLoss(),
                            e.validationLoss(),
                            e.millis() / 1000.0));
        }
        sb.append("\n![loss per epoch](").append(s.plot().getFileName()).append(")\n\n");
        sb.append("Validation loss for comparison:\n\n");
        sb.append(
                String.format(
                        Locale.ROOT,
                        "| evaluation | validation loss |%n|---|---:|%n| %s (the start) |"
                                + " %.5f |%n| handcrafted (the engine's default) | %.5f |%n",
                        startName(r),
                        s.materialLoss(),
                        s.handcraftedLoss()));
        Trainer.Epoch best = s.trainer().bestEpoch();
        if (best != null) {
            sb.append(
                    String.format(
                            Locale.ROOT,
                            "| trained `%s`, epoch %d (the lowest validation loss: the file's) |"
                                    + " %.5f |%n",
                            o.features().label,
                            best.epoch(),
                            best.validationLoss()));
        }
        sb.append(
                "\nMove agreement with the teacher's recorded best move (a depth-1 search with"
                        + " quiescence, on the first validation positions with a legal move):\n\n");
        sb.append("| evaluation | positions | agreed | rate |\n|---|---:|---:|---:|\n");
        row(sb, "trained `" + o.features().label + "`", s.trained());
        row(sb, "handcrafted", s.handcrafted());
        return sb.toString();
    }

    /** What training starts from. */
    static String startName(Fit.Request r) {
        if (r.init() != null) {
            return "`" + r.init().getFileName() + "` (--init)";
        }
        return r.options().features().residual ? "handcrafted, zero correction" : "material only";
    }

    private static void row(StringBuilder sb, String name, MoveAgreement.Result m) {
        sb.append(
                String.format(
                        Locale.ROOT,
                        "| %s | %,d | %,d | %.1f %% |%n",
                        name,
                        m.positions(),
                        m.agreed(),
                        100 * m.rate()));
    }
}
