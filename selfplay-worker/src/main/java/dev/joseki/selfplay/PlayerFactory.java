package dev.joseki.selfplay;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.Player;
import java.util.function.BooleanSupplier;

/** Makes the engine a task's seat asks for. */
public interface PlayerFactory {
    /** Whether {@code builtin} players can be made (the engine module is on the class path). */
    boolean builtinAvailable();

    /** {@code cancelled} turning true makes a waiting player give up at once (worker stopping). */
    Player create(EngineSpec spec, BooleanSupplier cancelled);

    /**
     * External engines as USI subprocesses, the built-in engine in this JVM ({@link Player#of}).
     */
    static PlayerFactory standard() {
        return new PlayerFactory() {
            @Override
            public boolean builtinAvailable() {
                return true;
            }

            @Override
            public Player create(EngineSpec spec, BooleanSupplier cancelled) {
                return Player.of(spec, cancelled);
            }
        };
    }
}
