package io.rpcbench.sampler.json;

import java.util.regex.Pattern;

/** Checks of the Java names users type into sampler parameters, before any class is looked up. */
public final class JavaNames {

    private static final Pattern CLASS_NAME =
            Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*"
                    + "(\\.[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*)*(\\$[\\p{javaJavaIdentifierPart}]+)*");
    private static final Pattern METHOD_NAME =
            Pattern.compile("[\\p{javaJavaIdentifierStart}][\\p{javaJavaIdentifierPart}]*");

    private JavaNames() {}

    /** A binary class name such as {@code com.example.OrderService} or {@code com.example.Outer$Inner}. */
    public static boolean isClassName(String text) {
        return CLASS_NAME.matcher(text).matches();
    }

    public static boolean isMethodName(String text) {
        return METHOD_NAME.matcher(text).matches();
    }
}
