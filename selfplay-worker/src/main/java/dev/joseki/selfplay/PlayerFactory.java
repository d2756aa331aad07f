package dev.joseki.selfplay;

import java.nio.file.Path;
import java.util.function.BooleanSupplier;

/** Makes the engine a task asks for. */
public interface PlayerFactory {
    /** Whether {@code builtin} players can be made (the engine module is on the class path). */
    boolean builtinAvailable();

    /** {@code cancelled} turning true makes a waiting player give up at once (worker stopping). */
    Player create(dev.joseki.records.proto.Player spec, BooleanSupplier cancelled);

    /** USI subprocesses for {@code usi_command}; the built-in engine for {@code builtin}. */
    static PlayerFactory standard() {
        return new PlayerFactory() {
            @Override
            public boolean builtinAvailable() {
                return true;
            }

            @Override
            public Player create(dev.joseki.records.proto.Player spec, BooleanSupplier cancelled) {
                if (spec.hasUsiCommand()) {
                    String dir = spec.getUsiCommand().getWorkingDir();
                    return new UsiProcessPlayer(spec.getUsiCommand().getArgvList(), dir.isEmpty() ? null : Path.of(dir),
                            spec.getOptionsMap(), cancelled);
                }
                if (spec.hasBuiltin()) {
                    return new BuiltinPlayer(spec.getOptionsMap());
                }
                throw new IllegalArgumentException("no engine available for " + spec.getEngineCase());
            }
        };
    }
}
