/**
 * The projector's read models as pure folds over canonical events: no Kafka, no I/O. The Streams
 * shell ({@link dev.threadline.projector.EventProjector}) stores what they return.
 */
package dev.threadline.projector.view;
