package dev.joseki.notation;

import java.util.List;

/**
 * One ply of a record: the packed move (legal in its position, complete with moving and captured
 * piece), the seconds spent on it (-1 when the record does not say) and the comments that follow
 * it.
 */
public record RecordMove(int move, int seconds, List<String> comments) {
    public RecordMove {
        comments = List.copyOf(comments);
    }
}
