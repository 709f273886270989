package dev.threadline.ingest.identity;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A {@code POST} route that only reads (a search, a history): a read-only key may call it, as it
 * may any {@code GET}. Every other route that is not a {@code GET} refuses a read-only key ({@link
 * RouteScopes}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface ReadsOnly {}
