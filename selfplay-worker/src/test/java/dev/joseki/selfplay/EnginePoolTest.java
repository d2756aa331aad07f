package dev.joseki.selfplay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.play.EngineSpec;
import dev.joseki.play.MoveLimit;
import dev.joseki.play.Player;
import dev.joseki.play.SearchLimit;
import dev.joseki.rules.Position;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;

/** Which engine a task gets from its slot's pool, and which engines the pool ends. */
class EnginePoolTest {
    /** A player that only records whether it was closed. */
    private static final class Recorded implements Player {
        final EngineSpec spec;
        boolean closed;

        Recorded(EngineSpec spec) {
            this.spec = spec;
        }

        @Override
        public void newGame(long gameSeed) {}

        @Override
        public Answer move(Position start, List<Integer> moves, MoveLimit limit, int lines) {
            throw new UnsupportedOperationException("not played in these tests");
        }

        @Override
        public String engineId() {
            return spec.name();
        }

        @Override
        public String engineVersion() {
            return "";
        }

        @Override
        public void close() {
            closed = true;
        }
    }

    private final List<Recorded> started = new ArrayList<>();
    private final PlayerFactory factory =
            new PlayerFactory() {
                @Override
                public boolean builtinAvailable() {
                    return true;
                }

                @Override
                public Player create(EngineSpec spec, BooleanSupplier cancelled) {
                    Recorded p = new Recorded(spec);
                    started.add(p);
                    return p;
                }
            };
    private final EnginePool pool = new EnginePool(factory, () -> false);

    private static EngineSpec usi(String name, long byoyomi) {
        return new EngineSpec(
                name,
                "/opt/engines/" + name,
                null,
                List.of(),
                Map.of("USI_Hash", "64"),
                new SearchLimit(SearchLimit.Kind.BYOYOMI, byoyomi),
                30_000);
    }

    /**
     * A task's engines taken for its seats (started, since the pool is empty), then kept when it
     * ends.
     */
    private List<Player> playedAndKept(EngineSpec... seats) {
        List<Player> engines = new ArrayList<>();
        for (EngineSpec spec : seats) {
            engines.add(pool.take(spec));
        }
        for (int i = 0; i < seats.length; i++) {
            pool.keep(seats[i], engines.get(i));
        }
        return engines;
    }

    @Test
    void theNextTaskWithEqualSpecsGetsTheSameEnginesWithoutStartingNewOnes() {
        List<Player> first = playedAndKept(usi("cand", 100), usi("main", 100));
        Player a = first.get(0), b = first.get(1);

        // The next game of the match, colours swapped: each seat finds its engine by spec, not by
        // seat.
        Player black = pool.take(usi("main", 100));
        Player white = pool.take(usi("cand", 100));
        pool.closeIdle();

        assertThat(black).isSameAs(b);
        assertThat(white).isSameAs(a);
        assertThat(started).hasSize(2);
        assertThat(started).noneMatch(p -> p.closed);
    }

    @Test
    void aSpecThatDiffersInAnyFieldStartsANewEngineAndTheUntakenIdleOneIsEnded() {
        Player a = playedAndKept(usi("cand", 100)).get(0);

        Player other = pool.take(usi("cand", 200)); // same engine, another time control
        pool.closeIdle();

        assertThat(other).isNotSameAs(a);
        assertThat(started).hasSize(2);
        assertThat(((Recorded) a).closed).isTrue();
        assertThat(((Recorded) other).closed).isFalse();
        assertThat(pool.idleCount()).isZero();
    }

    @Test
    void selfPlayGetsTwoDistinctEnginesForItsTwoEqualSeats() {
        List<Player> first = playedAndKept(usi("self", 100), usi("self", 100));
        Player a = first.get(0), b = first.get(1);

        Player c = pool.take(usi("self", 100));
        Player d = pool.take(usi("self", 100));

        assertThat(c).isNotSameAs(d);
        assertThat(List.of(c, d)).containsExactlyInAnyOrder(a, b);
        assertThat(started).hasSize(2);
    }

    @Test
    void aBuiltinPlayerWithABookIsEndedAfterItsTaskSoThatTheNextOneReadsTheCurrentBook() {
        EngineSpec booked =
                new EngineSpec(
                        "miner",
                        null,
                        null,
                        List.of(),
                        Map.of("BookDir", "/data/book"),
                        SearchLimit.nodes(4000),
                        30_000);
        EngineSpec plain =
                new EngineSpec(
                        "plain",
                        null,
                        null,
                        List.of(),
                        Map.of("USI_Hash", "16"),
                        SearchLimit.nodes(4000),
                        30_000);
        List<Player> first = playedAndKept(booked, plain);

        Player again = pool.take(booked);

        assertThat(((Recorded) first.get(0)).closed).isTrue();
        assertThat(again).isNotSameAs(first.get(0));
        assertThat(pool.take(plain)).isSameAs(first.get(1));
        assertThat(started).hasSize(3);
    }

    @Test
    void closingThePoolEndsEveryIdleEngine() {
        playedAndKept(usi("cand", 100), usi("main", 100));

        pool.close();

        assertThat(started).allMatch(p -> p.closed);
        assertThat(pool.idleCount()).isZero();
    }
}
