  // Every rpcbench page's first script. Any script error, a library's included, becomes the page's status (the
  // headless checks read #rpcbench-status) and shows in its banner (#rpcbench-error).
  window.rpcbenchErrors = [];
  window.onerror = function (message, source, line) {
    window.rpcbenchErrors.push(message + (line ? " (line " + line + ")" : ""));
    var status = document.getElementById("rpcbench-status");
    if (status) { status.textContent = "rpcbench-error: " + window.rpcbenchErrors.join("; "); }
    var banner = document.getElementById("rpcbench-error");
    if (banner) { banner.style.display = "block"; banner.textContent = "Page error: " + window.rpcbenchErrors.join("\n"); }
  };

  // Builds an element; text only ever goes in through textContent.
  window.rpcbenchEl = function (tag, props, children) {
    var node = document.createElement(tag);
    Object.keys(props || {}).forEach(function (key) {
      if (key === "text") { node.textContent = props[key]; }
      else if (key === "className") { node.className = props[key]; }
      else { node.setAttribute(key, props[key]); }
    });
    (children || []).forEach(function (child) { if (child) { node.appendChild(child); } });
    return node;
  };
