package dev.joseki.selfplay;

import dev.joseki.kafka.KafkaSettings;
import dev.joseki.play.EngineSpec;
import dev.joseki.play.MoveLimit;
import dev.joseki.play.Player;
import dev.joseki.play.PlayerException;
import dev.joseki.rules.Position;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;

/**
 * A worker's players, published engines included: a spec naming {@code artifact=NAME@HASH} is run
 * from the worker's {@link ArtifactCache} (fetched and checked first), as the command its manifest
 * names, in the artifact's directory; every other spec goes to the factory underneath. The artifact
 * stays in use, and so is never evicted, until its player is closed.
 */
final class ArtifactPlayers implements PlayerFactory {
    private final PlayerFactory inner;
    private final ArtifactCache cache;
    private final EngineTopic topic;

    ArtifactPlayers(PlayerFactory inner, ArtifactCache cache, KafkaSettings kafka, String topic) {
        this.inner = inner;
        this.cache = cache;
        this.topic = new EngineTopic(kafka, topic);
    }

    @Override
    public boolean builtinAvailable() {
        return inner.builtinAvailable();
    }

    @Override
    public Player create(EngineSpec spec, BooleanSupplier cancelled) {
        if (spec.artifact() == null) {
            return inner.create(spec, cancelled);
        }
        String hash = spec.artifactHash();
        if (hash == null) {
            throw new ArtifactException(
                    "artifact " + spec.artifact() + ": a task must name the exact hash");
        }
        ArtifactCache.Installed installed = cache.acquire(hash, topic);
        try {
            Player p =
                    inner.create(
                            spec.withInstalledArtifact(
                                    installed.executable().toString(), installed.dir().toString()),
                            cancelled);
            return new Held(p, () -> cache.release(hash));
        } catch (RuntimeException e) {
            cache.release(hash);
            throw e;
        }
    }

    /** A player that releases its artifact when closed (once). */
    private static final class Held implements Player {
        private final Player player;
        private final Runnable release;
        private final AtomicBoolean closed = new AtomicBoolean();

        Held(Player player, Runnable release) {
            this.player = player;
            this.release = release;
        }

        @Override
        public void newGame(long gameSeed) throws PlayerException {
            player.newGame(gameSeed);
        }

        @Override
        public Answer move(Position start, List<Integer> moves, MoveLimit limit, int lines)
                throws PlayerException {
            return player.move(start, moves, limit, lines);
        }

        @Override
        public String engineId() {
            return player.engineId();
        }

        @Override
        public String engineVersion() {
            return player.engineVersion();
        }

        @Override
        public void close() {
            player.close();
            if (closed.compareAndSet(false, true)) {
                release.run();
            }
        }
    }
}
