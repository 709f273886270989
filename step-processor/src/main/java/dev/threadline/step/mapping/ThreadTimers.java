package dev.threadline.step.mapping;

/**
 * What the shell's timer store says about one thread's scheduled effects when a command about one
 * arrives: whether it holds {@code effectId}, and how many others the thread has (counted up to a
 * bound, enough to tell whether a limit is reached).
 */
public interface ThreadTimers {
  ThreadTimers NONE =
      new ThreadTimers() {
        @Override
        public boolean scheduled(String effectId) {
          return false;
        }

        @Override
        public int others(String effectId) {
          return 0;
        }
      };

  boolean scheduled(String effectId);

  int others(String effectId);
}
