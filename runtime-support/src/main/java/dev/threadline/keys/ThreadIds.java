package dev.threadline.keys;

import java.util.regex.Pattern;

/**
 * What a thread id may be: 1–200 of {@code A-Z a-z 0-9 . _ : @ / -}. Thread ids become the prefixes
 * of store keys ({@code threadId|seq}), so they never hold the separator {@code |}, and their
 * length is bounded. The ingest service and the step processor both hold ids to this rule.
 */
public final class ThreadIds {
  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9._:@/-]{1,200}");

  /** The rule in words, for error messages. */
  public static final String RULE = "use 1-200 of A-Z a-z 0-9 . _ : @ / -";

  private ThreadIds() {}

  public static boolean isValid(String threadId) {
    return threadId != null && VALID.matcher(threadId).matches();
  }
}
