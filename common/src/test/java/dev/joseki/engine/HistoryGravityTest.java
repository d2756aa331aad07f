package dev.joseki.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class HistoryGravityTest {
    @Test
    void theBonusIsTheDepthSquaredUpToFourHundred() {
        assertEquals(1, HistoryGravity.bonus(1));
        assertEquals(49, HistoryGravity.bonus(7));
        assertEquals(400, HistoryGravity.bonus(20));
        assertEquals(400, HistoryGravity.bonus(30));
    }

    @Test
    void anEntryMovesByThirtyTwoTimesTheBonusLessItsOwnShareOfIt() {
        assertEquals(12800, HistoryGravity.add(0, 400)); // 400·32
        assertEquals(
                12800 + 12800 - 12800 * 12800 / 16384, HistoryGravity.add(12800, 400)); // 15600
        assertEquals(
                -12800 + 12800 + 12800 * 12800 / 16384,
                HistoryGravity.add(-12800, 400)); // a failing entry recovers faster
    }

    @Test
    void repeatedFullBonusesSaturateInsideTheBound() {
        int up = 0, down = 0;
        for (int i = 0; i < 1000; i++) {
            up = HistoryGravity.add(up, HistoryGravity.BONUS_MAX);
            down = HistoryGravity.add(down, -HistoryGravity.BONUS_MAX);
        }
        assertTrue(
                up <= HistoryGravity.MAX && up > HistoryGravity.MAX - 100,
                "just below the bound: " + up);
        assertTrue(
                down >= -HistoryGravity.MAX && down < -HistoryGravity.MAX + 100,
                "just above minus it: " + down);
        assertTrue(up <= Short.MAX_VALUE && down >= Short.MIN_VALUE);
    }
}
