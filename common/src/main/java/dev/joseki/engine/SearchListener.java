package dev.joseki.engine;

/** Receives progress of the main search thread (called on the search thread). */
@FunctionalInterface
public interface SearchListener {
    SearchListener NONE = info -> {};

    void onInfo(SearchInfo info);
}
