/**
 * The hosted pages' own stylesheet (the flow brings its own): inline, so the first paint needs no request.
 * Used by the booking pages' server render and by the hosted app's other pages (its 404).
 */
export const pageCss = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#f3f4f6;color:#111827;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.page{max-width:1120px;margin:0 auto;padding:16px 12px 48px}
.brand{display:flex;align-items:center;gap:12px;padding:8px 4px 20px}
.brand img{height:40px;width:auto}
.brand .mark{display:inline-grid;place-items:center;width:40px;height:40px;border-radius:10px;color:#fff;font-weight:800;font-size:20px}
.brand h1{margin:0;font-size:22px;line-height:1.2}
.brand p{margin:0;color:#4b5563;font-size:15px}
.message{max-width:560px;margin:48px auto;padding:24px;background:#fff;border:1px solid #e5e7eb;border-radius:12px}
.message h1{margin-top:0;font-size:24px}
.message code{background:#f3f4f6;padding:1px 6px;border-radius:4px}
@media (min-width:900px){.page{padding:32px 24px 64px}}`;
