package dev.threadline.keys;

import java.util.regex.Pattern;

/**
 * The id of a variables request ({@code vars-N}): the step processor names each by the seq of the
 * event that opens it, and the ingest refuses any other id at its door.
 */
public final class VariablesRequestIds {
  private static final Pattern VALID = Pattern.compile("vars-[0-9]{1,19}");

  private VariablesRequestIds() {}

  /** The request opened by the event at {@code eventSeq}. */
  public static String of(long eventSeq) {
    return "vars-" + eventSeq;
  }

  public static boolean isValid(String requestId) {
    return requestId != null && VALID.matcher(requestId).matches();
  }
}
