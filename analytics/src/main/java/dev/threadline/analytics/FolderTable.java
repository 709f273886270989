package dev.threadline.analytics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.stream.Stream;

/** A table's files in a folder: put by an atomic move, so a reader never sees half a file. */
final class FolderTable implements TableFiles {
  private final Path dir;

  FolderTable(Path dir) {
    this.dir = dir;
  }

  @Override
  public List<String> list(String under) throws IOException {
    Path from = dir.resolve(under);
    if (!Files.isDirectory(from)) {
      return List.of();
    }
    try (Stream<Path> files = Files.walk(from)) {
      return files
          .filter(f -> f.getFileName().toString().endsWith(".parquet"))
          .map(f -> dir.relativize(f).toString().replace('\\', '/'))
          .sorted()
          .toList();
    }
  }

  @Override
  public void put(String key, Path local) throws IOException {
    Path target = dir.resolve(key);
    Files.createDirectories(target.getParent());
    try {
      Files.move(
          local, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    } catch (java.nio.file.AtomicMoveNotSupportedException e) {
      // Another file system than the scratch folder's: copied beside, then moved in place.
      Path beside = target.resolveSibling(target.getFileName() + ".part");
      Files.copy(local, beside, StandardCopyOption.REPLACE_EXISTING);
      Files.move(
          beside, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
      Files.delete(local);
    }
  }

  @Override
  public Path fetch(String key, Path scratch) {
    return dir.resolve(key);
  }

  @Override
  public void delete(String key) throws IOException {
    Files.deleteIfExists(dir.resolve(key));
  }
}
