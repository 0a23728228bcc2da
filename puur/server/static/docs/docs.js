// Starts Swagger UI on /api/v1/docs (puur/server/http/api_docs.py): the settings FastAPI's own docs page uses,
// written as a file because the page's Content-Security-Policy refuses inline script. validatorUrl is
// off: Swagger UI would otherwise load a badge from validator.swagger.io.
"use strict";
window.addEventListener("DOMContentLoaded", () => {
  window.ui = SwaggerUIBundle({
    url: "/api/v1/openapi.json",
    dom_id: "#swagger-ui",
    layout: "BaseLayout",
    deepLinking: true,
    showExtensions: true,
    showCommonExtensions: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIBundle.SwaggerUIStandalonePreset],
  });
});
