@echo off
rem Starts the rpcbench server agent (PerfMon-compatible) from this directory.
rem   startAgent.bat [--tcp-port N] [--udp-port N] [--bind ADDRESS] ... (startAgent.bat --help lists them)
rem Java: %JAVA_HOME%\bin\java if JAVA_HOME is set, else java on the PATH (8 or newer).
rem JVM options: AGENT_JAVA_OPTS (default -Xmx128m).
setlocal
set "HERE=%~dp0"
if defined JAVA_HOME (set "JAVA_CMD=%JAVA_HOME%\bin\java") else (set "JAVA_CMD=java")
if not defined AGENT_JAVA_OPTS set "AGENT_JAVA_OPTS=-Xmx128m"
"%JAVA_CMD%" %AGENT_JAVA_OPTS% -jar "%HERE%rpcbench-server-agent.jar" %*
exit /b %ERRORLEVEL%
