package dev.threadline.ingest.identity;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A route a key scoped to agents ({@code key:tenant:agents=a|b}) may call: it reaches only the
 * threads those agents run — each thread's agent is checked ({@link ThreadOwners}), a list is of
 * their threads, a thread is created on one of them. Every other route refuses it ({@link
 * RouteScopes}), the store among them: it is the tenant's, not an agent's.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
public @interface ForAgentKeys {}
