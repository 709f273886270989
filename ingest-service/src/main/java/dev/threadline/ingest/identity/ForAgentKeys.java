package dev.threadline.ingest.identity;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A route a key scoped to agents ({@code key:tenant:agents=a|b}) may call: it reaches only the
 * threads those agents run — each thread's agent is checked ({@link ThreadOwners}), a list is of
 * their threads, a thread is created on one of them. The routes open to end users ({@link
 * ForEndUsers}) keep such a key to its agents too; every other route refuses it ({@link
 * RouteScopes}).
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface ForAgentKeys {}
