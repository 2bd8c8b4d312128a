package dev.polyj.polyhedral.storage.delicm;

import dev.polyj.presburger.set.Relation;

/**
 * One access of a location family as DeLICM's knowledge sees it: a read or write of statement
 * {@code statement} at {@code phase} of its instance, with its relation from the instances
 * (renamed {@code tag}, one tag per access) to the elements it touches.
 */
record Event(String tag, String statement, boolean write, int phase, Relation access) {}
