package dev.joseki.selfplay;

import dev.joseki.records.proto.MoveRecord;

/**
 * What a player answered: its move as USI text (unchecked) and the search figures it reported
 * ({@code info.usi} is not used; the runner writes the move the rules accepted).
 */
public record MoveDecision(String usi, MoveRecord info) {
}
