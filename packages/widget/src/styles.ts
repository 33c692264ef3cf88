/** The loader's own styles (button, dialog, placeholders), in its shadow root; pixels only. */
export const loaderCss = `
:host{all:initial}
*{box-sizing:border-box}
.fab{position:fixed;bottom:20px;z-index:2147483000;display:inline-flex;align-items:center;gap:8px;min-height:52px;padding:14px 22px;border:0;border-radius:999px;background:var(--svc-color);color:#fff;font:700 16px/1.2 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;box-shadow:0 8px 24px rgba(0,0,0,.25);cursor:pointer;letter-spacing:normal;text-transform:none}
.fab.right{right:20px}.fab.left{left:20px}
.fab:focus-visible{outline:3px solid #111827;outline-offset:3px}
dialog{width:min(1040px,100vw);max-width:100vw;height:100dvh;max-height:100dvh;margin:0 auto;padding:0;border:0;background:#f3f4f6;color:#111827;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
@media (min-width:720px){dialog{height:calc(100dvh - 48px);max-height:calc(100dvh - 48px);margin:24px auto;border-radius:16px;box-shadow:0 24px 64px rgba(0,0,0,.35)}}
dialog::backdrop{background:rgba(17,24,39,.6)}
.bar{position:sticky;top:0;z-index:1;display:flex;align-items:center;justify-content:space-between;gap:12px;padding:12px 16px;background:#fff;border-bottom:1px solid #e5e7eb}
.bar h2{margin:0;font-size:18px;font-weight:700;line-height:1.3}
.close{min-width:44px;min-height:44px;border:1px solid #d1d5db;border-radius:10px;background:#fff;color:#111827;font-size:24px;line-height:1;cursor:pointer}
.close:focus-visible{outline:3px solid var(--svc-color);outline-offset:2px}
.content{padding:16px}
.box{padding:20px;border:1px solid #e5e7eb;border-radius:12px;background:#fff;color:#111827;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
.box h2{margin:0 0 6px;font-size:18px}
.box p{margin:0}
.loading{display:flex;align-items:center;gap:12px;min-height:160px;justify-content:center;color:#374151;font:16px/1.5 system-ui,-apple-system,sans-serif}
.spin{width:24px;height:24px;border:3px solid #e5e7eb;border-top-color:var(--svc-color);border-radius:50%;animation:s .8s linear infinite}
@keyframes s{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.spin{animation-duration:2s}}
`;
