package dev.threadline.ingest.identity;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A route an end user's token may call: it reaches only the caller's own threads (their owner is
 * checked, a search is one of the caller's threads). Every other route refuses such a token ({@link
 * RouteScopes}), so a route is closed to end users until it is shown to keep them apart.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface ForEndUsers {}
