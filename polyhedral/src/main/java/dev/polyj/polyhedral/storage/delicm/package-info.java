/**
 * DeLICM (Kruse and Grosser, CGO 2018): scalar dependence removal at zero memory cost. {@link
 * dev.polyj.polyhedral.storage.delicm.DeLicm} runs operand tree forwarding (Section 3) and the
 * greedy mapping of scalars onto unused array elements (Section 2), both decided on the knowledge
 * of each location: its lifetimes, their known content and the unknown zone.
 */
package dev.polyj.polyhedral.storage.delicm;
