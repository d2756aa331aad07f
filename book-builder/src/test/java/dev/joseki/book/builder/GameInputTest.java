package dev.joseki.book.builder;

import static org.assertj.core.api.Assertions.assertThat;

import dev.joseki.rules.Result;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.junit.jupiter.api.Test;

class GameInputTest {
    private static GameInput roundTrip(GameInput g) throws Exception {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream o = new ObjectOutputStream(bytes)) {
            o.writeObject(g);
        }
        try (ObjectInputStream i =
                new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray()))) {
            return (GameInput) i.readObject();
        }
    }

    private static void assertSame(GameInput a, GameInput b) {
        assertThat(b.gameId()).isEqualTo(a.gameId());
        assertThat(b.startSfen()).isEqualTo(a.startSfen());
        assertThat(b.usiMoves()).containsExactly(a.usiMoves());
        assertThat(b.result()).isEqualTo(a.result());
        assertThat(b.black()).isEqualTo(a.black());
        assertThat(b.white()).isEqualTo(a.white());
        assertThat(b.source()).isEqualTo(a.source());
        assertThat(b.error()).isEqualTo(a.error());
    }

    @Test
    void gamesSurviveJavaSerializationWithTheirMovesJoined() throws Exception {
        GameInput g =
                new GameInput(
                        "usi:1",
                        "startpos",
                        new String[] {"7g7f", "3c3d", "resign"},
                        Result.BLACK_WIN,
                        "Alice",
                        "Bob",
                        "a.usi:3");
        assertSame(g, roundTrip(g));
    }

    @Test
    void emptyMovesAndMalformedMovesWithSpacesComeBackUnchanged() throws Exception {
        GameInput none = GameInput.rejected("bad:1", "b.usi:9", "not a game");
        assertSame(none, roundTrip(none));
        GameInput odd =
                new GameInput(
                        "k:1", "startpos", new String[] {"7g 7f", "", "x"}, null, "", "", "t/0/5");
        assertSame(odd, roundTrip(odd));
    }
}
