package dev.threadline.deploy.cli;

import picocli.AutoComplete;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/**
 * A completion script for bash, which zsh runs too after {@code autoload -U +X bashcompinit &&
 * bashcompinit}: {@code source <(./threadline completion)}.
 */
@Command(name = "completion", description = "Prints a bash/zsh completion script.")
final class Completion implements Runnable {
  @Spec CommandSpec spec;

  @Override
  public void run() {
    spec.commandLine().getOut().print(AutoComplete.bash("threadline", spec.root().commandLine()));
    spec.commandLine().getOut().flush();
  }
}
