/**
 * The flow's one stylesheet, rendered by the flow itself in a <style> element, so it works the same in the
 * hosted page and inside the widget's shadow root. Pixel units only: rem would follow the host page's
 * root font size. Every inherited property is set on the root, so a host page's fonts or resets cannot
 * reach in. --svc-primary comes from the company's branding.
 */
export const bookingCss = `
.svc-b{all:initial;display:block;box-sizing:border-box;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#111827;text-align:left;-webkit-text-size-adjust:100%;--svc-primary:#2563eb;--svc-focus:#2563eb66}
.svc-b *,.svc-b *::before,.svc-b *::after{box-sizing:border-box;font:inherit;color:inherit;letter-spacing:normal;text-transform:none}
.svc-b h2,.svc-b h3,.svc-b p,.svc-b ul,.svc-b ol,.svc-b dl,.svc-b dd,.svc-b fieldset,.svc-b legend{margin:0;padding:0;border:0}
.svc-b ul{list-style:none}
.svc-b h2{font-size:20px;font-weight:700;line-height:1.3}
.svc-b h3{font-size:17px;font-weight:700;line-height:1.3}
.svc-b .layout{display:grid;gap:20px;grid-template-columns:minmax(0,1fr)}
@media (min-width:900px){.svc-b .layout{grid-template-columns:minmax(0,1fr) 340px;align-items:start}.svc-b .aside{position:sticky;top:16px}}
.svc-b .section{display:grid;gap:12px;padding:16px;border:1px solid #e5e7eb;border-radius:12px;background:#fff}
.svc-b .row{display:grid;gap:12px;grid-template-columns:minmax(0,1fr)}
@media (min-width:560px){.svc-b .row.two{grid-template-columns:1fr 1fr}.svc-b .row.three{grid-template-columns:2fr 1fr 1fr}}
.svc-b label,.svc-b .label{display:block;font-size:15px;font-weight:600;margin-bottom:4px}
.svc-b .hint{display:block;font-size:14px;color:#4b5563;font-weight:400}
.svc-b input[type=text],.svc-b input[type=email],.svc-b input[type=tel],.svc-b select{display:block;width:100%;min-height:44px;padding:10px 12px;font-size:16px;border:1px solid #6b7280;border-radius:8px;background:#fff;color:#111827;appearance:auto}
.svc-b input[aria-invalid=true],.svc-b select[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.svc-b :focus-visible{outline:3px solid var(--svc-focus);outline-offset:2px}
.svc-b .err{display:block;color:#b91c1c;font-size:14px;font-weight:600;margin-top:4px}
.svc-b .err:empty{display:none}
.svc-b .alert{padding:12px 14px;border-radius:8px;background:#fef2f2;border:1px solid #fca5a5;color:#991b1b;font-weight:600}
.svc-b .alert:empty{display:none}
.svc-b .note{padding:12px 14px;border-radius:8px;background:#eff6ff;border:1px solid #bfdbfe;color:#1e3a8a}
.svc-b .check{display:flex;gap:10px;align-items:flex-start;font-weight:400;font-size:15px}
.svc-b .check input{width:22px;height:22px;margin:1px 0 0;flex:none;accent-color:var(--svc-primary)}
.svc-b .cards{display:grid;gap:10px;grid-template-columns:minmax(0,1fr)}
@media (min-width:560px){.svc-b .cards{grid-template-columns:repeat(auto-fill,minmax(220px,1fr))}}
.svc-b .card{position:relative;display:grid;gap:4px;padding:14px;border:2px solid #d1d5db;border-radius:12px;background:#fff;cursor:pointer;font-weight:400;margin:0}
.svc-b .card:has(input:checked){border-color:var(--svc-primary);box-shadow:0 0 0 1px var(--svc-primary)}
.svc-b .card:has(input:focus-visible){outline:3px solid var(--svc-focus);outline-offset:2px}
.svc-b .card input{position:absolute;opacity:0;width:1px;height:1px}
.svc-b .card .title{font-weight:700;font-size:16px}
.svc-b .card .price{font-size:18px;font-weight:700;font-variant-numeric:tabular-nums}
.svc-b .card .next{font-weight:700;color:#92400e}
.svc-b .card .meta{font-size:14px;color:#4b5563}
.svc-b .badges{display:flex;gap:6px;flex-wrap:wrap;min-height:0}
.svc-b .badge{font-size:12px;font-weight:700;padding:2px 8px;border-radius:999px;background:#fef3c7;color:#92400e}
.svc-b .badge.default{background:#e0e7ff;color:#3730a3}
.svc-b .btn{display:inline-flex;align-items:center;justify-content:center;gap:8px;min-height:48px;padding:12px 20px;border:0;border-radius:10px;background:var(--svc-primary);color:#fff;font-size:17px;font-weight:700;cursor:pointer;width:100%}
.svc-b .btn[disabled],.svc-b .btn[aria-disabled=true]{opacity:.55;cursor:not-allowed}
.svc-b .btn.secondary{background:#fff;color:#111827;border:1px solid #6b7280;min-height:44px;font-size:15px;width:auto}
.svc-b .link{background:none;border:0;padding:0;color:var(--svc-primary);text-decoration:underline;cursor:pointer;font-weight:600}
.svc-b .sum{display:grid;gap:6px;font-variant-numeric:tabular-nums}
.svc-b .sum div{display:flex;justify-content:space-between;gap:12px}
.svc-b .sum dt{color:#374151}.svc-b .sum dd{font-weight:600;text-align:right}
.svc-b .sum .total{border-top:1px solid #e5e7eb;padding-top:8px;font-size:18px;font-weight:700}
.svc-b .sum .total dt{color:#111827}
.svc-b .sum.busy dd{opacity:.5}
.svc-b .cal{display:grid;gap:8px}
.svc-b .cal-head{display:flex;align-items:center;justify-content:space-between;gap:8px}
.svc-b .cal-head button{min-width:44px;min-height:44px;border:1px solid #d1d5db;border-radius:8px;background:#fff;cursor:pointer;font-size:18px}
.svc-b .cal-head button[disabled]{opacity:.35;cursor:not-allowed}
.svc-b .cal table{width:100%;border-collapse:collapse;table-layout:fixed}
.svc-b .cal th{font-size:12px;font-weight:600;color:#4b5563;padding:4px 0;text-align:center}
.svc-b .cal td{padding:2px;text-align:center}
.svc-b .day{width:100%;min-height:42px;border:1px solid transparent;border-radius:8px;background:#f3f4f6;cursor:pointer;font-size:15px;font-variant-numeric:tabular-nums}
.svc-b .day[aria-disabled=true]{background:repeating-linear-gradient(135deg,#f9fafb 0 4px,#eceff3 4px 8px);color:#9ca3af;cursor:not-allowed;text-decoration:line-through}
.svc-b .day[aria-pressed=true]{background:var(--svc-primary);color:#fff;font-weight:700}
.svc-b .legend{font-size:13px;color:#4b5563}
.svc-b .pay{display:grid;gap:14px}
.svc-b .payment-slot{min-height:170px}
.svc-b .done{display:grid;gap:12px;padding:20px;border:1px solid #e5e7eb;border-radius:12px;background:#fff}
.svc-b .done .num{font-size:28px;font-weight:800;font-variant-numeric:tabular-nums}
.svc-b .skeleton{min-height:120px;border-radius:12px;background:linear-gradient(90deg,#f3f4f6,#e5e7eb,#f3f4f6);background-size:200% 100%}
.svc-b textarea{display:block;width:100%;min-height:88px;padding:10px 12px;font-size:16px;border:1px solid #6b7280;border-radius:8px;background:#fff;color:#111827;resize:vertical}
.svc-b .loads .card{grid-template-columns:auto 1fr;column-gap:12px;align-items:center}
.svc-b .loads .card .truck{grid-row:span 3}
.svc-b .loads .card .meta{grid-column:1/-1}
.svc-b .truck{display:block}
.svc-b .windows{display:grid;gap:8px;grid-template-columns:repeat(auto-fill,minmax(150px,1fr))}
.svc-b .window{position:relative;display:grid;gap:2px;padding:10px 12px;border:2px solid #d1d5db;border-radius:10px;background:#fff;cursor:pointer;font-weight:400;margin:0}
.svc-b .window:has(input:checked){border-color:var(--svc-primary);box-shadow:0 0 0 1px var(--svc-primary)}
.svc-b .window:has(input:focus-visible){outline:3px solid var(--svc-focus);outline-offset:2px}
.svc-b .window input{position:absolute;opacity:0;width:1px;height:1px}
.svc-b .window .title{font-weight:700;font-size:15px}
.svc-b .window .meta{font-size:14px;color:#166534;font-weight:600}
.svc-b .window.full{background:repeating-linear-gradient(135deg,#f9fafb 0 4px,#eceff3 4px 8px);cursor:not-allowed;color:#6b7280}
.svc-b .window.full .meta{color:#4b5563}
.svc-b .list{display:grid;gap:6px;padding-left:18px;list-style:disc}
.svc-b .uploads{display:grid;gap:8px}
.svc-b .uploads li{display:grid;grid-template-columns:minmax(0,1fr) auto;gap:4px 12px;align-items:center}
.svc-b .uploads .name{font-weight:600;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.svc-b .uploads progress{grid-column:1/-1;width:100%;height:10px;accent-color:var(--svc-primary)}
.svc-b .uploads .err{grid-column:1/-1}
.svc-b .slow{position:fixed;left:16px;right:16px;bottom:16px;z-index:10;visibility:hidden;margin:0;padding:12px 14px;border-radius:8px;background:#fffbeb;border:1px solid #fcd34d;color:#78350f;animation:svc-late 0s linear 8s forwards}
@keyframes svc-late{to{visibility:visible}}
.svc-b .sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.svc-b .spin{width:18px;height:18px;border:3px solid #ffffff66;border-top-color:#fff;border-radius:50%;animation:svc-spin .8s linear infinite}
@keyframes svc-spin{to{transform:rotate(360deg)}}
@media (prefers-reduced-motion:reduce){.svc-b .spin{animation-duration:2s}}
`;
