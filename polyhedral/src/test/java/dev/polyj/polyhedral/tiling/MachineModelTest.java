package dev.polyj.polyhedral.tiling;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MachineModelTest {
  @TempDir Path root;

  private void cacheIndex(int index, String level, String type, String size, String line) throws IOException {
    Path d = root.resolve("sys/devices/system/cpu/cpu0/cache/index" + index);
    Files.createDirectories(d);
    if (level != null) Files.writeString(d.resolve("level"), level + "\n");
    if (type != null) Files.writeString(d.resolve("type"), type + "\n");
    if (size != null) Files.writeString(d.resolve("size"), size + "\n");
    if (line != null) Files.writeString(d.resolve("coherency_line_size"), line + "\n");
  }

  private void cpuinfo(String flags) throws IOException {
    Files.createDirectories(root.resolve("proc"));
    Files.writeString(root.resolve("proc/cpuinfo"),
        "processor\t: 0\nvendor_id\t: Fake\nflags\t\t: " + flags + "\nbogomips\t: 1.0\n\n"
            + "processor\t: 1\nflags\t\t: fpu\n");
  }

  @Test
  void readsCacheHierarchyAndSimdWidth() throws IOException {
    cacheIndex(0, "1", "Data", "48K", "64");
    cacheIndex(1, "1", "Instruction", "32K", "64");
    cacheIndex(2, "2", "Unified", "2048K", "64");
    cacheIndex(3, "3", "Unified", "32768K", "64");
    cpuinfo("fpu vme sse sse2 avx avx2 avx512f avx512bw");
    MachineModel m = MachineModel.detect(root);
    assertEquals(new MachineModel(48 * 1024, 2 * 1024 * 1024, 64, 64), m);
    assertEquals(512, m.simdBits());
  }

  @Test
  void instructionCacheIsNotTheDataCache() throws IOException {
    cacheIndex(0, "1", "Instruction", "64K", "128");
    cacheIndex(1, "1", "Data", "16K", "32");
    cpuinfo("sse2");
    MachineModel m = MachineModel.detect(root);
    assertEquals(16 * 1024, m.l1DataBytes());
    assertEquals(32, m.cacheLineBytes());
    assertEquals(MachineModel.DEFAULT.l2Bytes(), m.l2Bytes());
    assertEquals(16, m.simdBytes());
  }

  @Test
  void dataCacheWinsOverUnifiedAtLevel1() throws IOException {
    for (int order = 0; order < 2; order++) {
      cacheIndex(order, "1", "Data", "16K", "32");
      cacheIndex(1 - order, "1", "Unified", "64K", "64");
      assertEquals(16 * 1024, MachineModel.detect(root).l1DataBytes());
      assertEquals(32, MachineModel.detect(root).cacheLineBytes());
    }
    cacheIndex(0, "1", "Unified", "64K", "128");
    cacheIndex(1, "1", "Instruction", "16K", "32");
    assertEquals(64 * 1024, MachineModel.detect(root).l1DataBytes());
  }

  @Test
  void simdWidthFromTheWidestFlag() throws IOException {
    String[][] cases = {{"sse sse2", "16"}, {"sse2 avx", "32"}, {"avx2 sse2", "32"},
        {"avx512f avx2", "64"}, {"fpu vme", String.valueOf(MachineModel.DEFAULT.simdBytes())}};
    for (String[] c : cases) {
      cpuinfo(c[0]);
      assertEquals(Long.parseLong(c[1]), MachineModel.detect(root).simdBytes(), c[0]);
    }
  }

  @Test
  void missingOrBrokenFilesKeepDefaults() throws IOException {
    assertEquals(MachineModel.DEFAULT, MachineModel.detect(root));
    cacheIndex(0, "1", "Data", "lots", "64");
    cacheIndex(1, "2", null, "1M", "64");
    cacheIndex(2, null, "Unified", "8M", null);
    assertEquals(MachineModel.DEFAULT.withOverrides("line=64"), MachineModel.detect(root));
  }

  @Test
  void theRunningMachineGivesPositiveValues() {
    MachineModel m = MachineModel.detect();
    assertEquals(true, m.l1DataBytes() > 0 && m.l2Bytes() > 0 && m.simdBytes() > 0 && m.cacheLineBytes() > 0);
  }

  @Test
  void sizesAndOverrides() {
    assertEquals(64, MachineModel.parseSize("64"));
    assertEquals(32 * 1024, MachineModel.parseSize("32K"));
    assertEquals(32 * 1024, MachineModel.parseSize("32KiB"));
    assertEquals(1 << 20, MachineModel.parseSize("1m"));
    assertEquals(2L << 30, MachineModel.parseSize("2G"));
    assertThrows(IllegalArgumentException.class, () -> MachineModel.parseSize("K"));
    assertThrows(IllegalArgumentException.class, () -> MachineModel.parseSize("12Q"));

    MachineModel m = MachineModel.parse("l1=32K,l2=1M,simd=32");
    assertEquals(new MachineModel(32 * 1024, 1 << 20, MachineModel.DEFAULT.cacheLineBytes(), 32), m);
    assertEquals(64, m.withOverrides(" simd = 512bits ").simdBytes());
    assertEquals(128, m.withOverrides("line=128").cacheLineBytes());
    assertEquals(m, m.withOverrides(""));
    assertThrows(IllegalArgumentException.class, () -> m.withOverrides("l3=8M"));
    assertThrows(IllegalArgumentException.class, () -> m.withOverrides("l1"));
    assertThrows(IllegalArgumentException.class, () -> m.withOverrides("l1=0"));
    assertEquals(new MachineModel(1, 2, 3, 4),
        MachineModel.builder().l1DataBytes(1).l2Bytes(2).cacheLineBytes(3).simdBytes(4).build());
  }
}
