package dev.threadline.ingest.identity;

import dev.threadline.ingest.Problem;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * An end user's store items are theirs: each lives under a namespace whose first label is the
 * user's id (LangGraph's custom auth scopes the store so), and every read, write, search and
 * namespace listing of theirs stays under it — another user's namespace, or one a service keeps, is
 * a 403. A key or an admin's token reaches the tenant's whole store. A user whose id holds a dot
 * has no store (labels have none): a 403 says so.
 */
public final class UserNamespaces {
  private UserNamespaces() {}

  /** {@code namespace} when {@code user} may read or write an item in it; else a 403. */
  public static List<String> own(Optional<Identity> user, List<String> namespace, String field) {
    if (user.isEmpty()) {
      return namespace;
    }
    String id = label(user.get());
    if (namespace.isEmpty() || !namespace.getFirst().equals(id)) {
      throw Problem.forbidden(refusal(field, id));
    }
    return namespace;
  }

  /**
   * The prefix a search or listing of {@code user}'s reads under: the one asked when it is under
   * their namespace, theirs when none is asked; else a 403.
   */
  public static List<String> under(Optional<Identity> user, List<String> prefix, String field) {
    if (user.isEmpty()) {
      return prefix;
    }
    String id = label(user.get());
    if (prefix.isEmpty()) {
      List<String> theirs = new ArrayList<>();
      theirs.add(id);
      return theirs;
    }
    return own(user, prefix, field);
  }

  private static String label(Identity user) {
    if (user.user().contains(".")) {
      throw Problem.forbidden(
          "user '"
              + user.user()
              + "' has no store: an end user's items live under a namespace labelled with their"
              + " id, and a label holds no dot");
    }
    return user.user();
  }

  private static String refusal(String field, String id) {
    return "an end user's store items live under their own namespace: "
        + field
        + " must begin with \""
        + id
        + "\"";
  }
}
