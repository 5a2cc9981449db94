@echo off
rem Starts the rpcbench server agent (PerfMon-compatible) from this directory.
rem   startAgent.bat [--tcp-port N] [--udp-port N] [--bind ADDRESS] ... (startAgent.bat --help lists them)
rem Java: %JAVA_HOME%\bin\java if JAVA_HOME is set, else java on the PATH (8 or newer).
rem JVM options: AGENT_JAVA_OPTS, else the lines of jvm.options beside this script (a small heap, C1 only).
setlocal
set "HERE=%~dp0"
if defined JAVA_HOME (set "JAVA_CMD=%JAVA_HOME%\bin\java") else (set "JAVA_CMD=java")
if not defined AGENT_JAVA_OPTS (
    for /f "usebackq eol=# delims=" %%o in ("%HERE%jvm.options") do call set "AGENT_JAVA_OPTS=%%AGENT_JAVA_OPTS%% %%o"
)
"%JAVA_CMD%" %AGENT_JAVA_OPTS% -jar "%HERE%rpcbench-server-agent.jar" %*
exit /b %ERRORLEVEL%
