package io.rpcbench.reports.compare;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A RUN_DIR of the compare command: the results folder of one {@code ./run-benchmark}, and the
 * {@code dashboard.json} in it that holds its figures. Call {@link #resolve} with the arguments in the order
 * given; it checks that each file is there and names each run.
 *
 * <p>A run is named by its folder, so the names users chose (or the date-time folders {@code run-benchmark}
 * made) head the columns. Folders of the same name (two {@code .../results}) are named
 * {@code parent/name}; the same folder given twice gets {@code #2}, {@code #3} in the order given.
 */
record RunFolder(String name, Path folder, Path dashboardJson) {

    static final String DASHBOARD_JSON = "dashboard.json";

    /** The RUN_DIRs as given, each a results folder or the path of a dashboard.json, in the same order. */
    static List<RunFolder> resolve(List<Path> arguments) {
        List<Path> files = new ArrayList<>();
        for (Path argument : arguments) {
            files.add(dashboardJson(argument));
        }
        List<Path> folders = files.stream().map(f -> f.toAbsolutePath().normalize().getParent()).toList();
        List<String> names = names(folders);
        List<RunFolder> runs = new ArrayList<>();
        for (int i = 0; i < files.size(); i++) {
            runs.add(new RunFolder(names.get(i), folders.get(i), files.get(i)));
        }
        return runs;
    }

    private static Path dashboardJson(Path argument) {
        if (Files.isRegularFile(argument)) {
            return argument;
        }
        if (!Files.isDirectory(argument)) {
            throw new RunFolderException(argument + " does not exist; expected a results folder of ./run-benchmark "
                    + "holding " + DASHBOARD_JSON + ", or the path of a " + DASHBOARD_JSON);
        }
        Path file = argument.resolve(DASHBOARD_JSON);
        if (!Files.isRegularFile(file)) {
            throw new RunFolderException(argument + " has no " + DASHBOARD_JSON + "; expected a results folder of "
                    + "./run-benchmark, which holds the dashboard's figures as " + DASHBOARD_JSON);
        }
        return file;
    }

    /** Folder names, made unique as the class javadoc says. */
    static List<String> names(List<Path> folders) {
        List<String> names = new ArrayList<>();
        folders.forEach(f -> names.add(name(f)));
        Map<String, Set<Path>> folderOf = new HashMap<>();
        for (int i = 0; i < names.size(); i++) {
            folderOf.computeIfAbsent(names.get(i), n -> new HashSet<>()).add(folders.get(i));
        }
        for (int i = 0; i < names.size(); i++) {
            Path parent = folders.get(i).getParent();
            if (folderOf.get(names.get(i)).size() > 1 && parent != null) {
                names.set(i, name(parent) + "/" + names.get(i));
            }
        }
        Set<String> taken = new HashSet<>();
        for (int i = 0; i < names.size(); i++) {
            String name = names.get(i);
            for (int n = 2; !taken.add(name); n++) {
                name = names.get(i) + "#" + n;
            }
            names.set(i, name);
        }
        return names;
    }

    private static String name(Path folder) {
        Path name = folder.getFileName();
        return name == null ? folder.toString() : name.toString();
    }
}
