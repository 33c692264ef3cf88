/**
 * The styles of "Charges after your rental" (charges-section.tsx), beside the page's own (lib/rental-css.ts).
 * The weigh ticket's frame has its size before the image arrives: loading it moves nothing on the page.
 */
export const chargesCss = `.rb .rb-charge{padding:12px;margin:12px 0 0}
.rb .rb-charge h3{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:4px 8px}
.rb .rb-badge{font-size:14px;font-weight:700;padding:2px 10px;border-radius:999px;background:#f3f4f6;color:#374151}
.rb .rb-badge-declined{background:#fef2f2;color:#991b1b}
.rb .rb-badge-paid,.rb .rb-badge-charged{background:#f0fdf4;color:#166534}
.rb .rb-badge-held{background:#fffbeb;color:#92400e}
.rb .rb-charge dl.amounts{margin-top:8px;grid-template-columns:minmax(0,1fr) auto}
.rb .rb-charge dl.amounts dd{white-space:nowrap;overflow-wrap:normal}
.rb .rb-charge-note{margin:12px 0 0;padding:8px 12px;border-left:4px solid #1d4ed8;background:#eff6ff}
.rb .rb-pay{margin-top:12px}
.rb .rb-pay>p{margin:0 0 4px}
.rb .rb-ticket-frame{margin:12px 0 0}
.rb .rb-ticket-frame[hidden]{display:none}
.rb .rb-ticket-box{box-sizing:border-box;aspect-ratio:3/4;width:100%;max-width:360px;display:flex;align-items:center;justify-content:center;overflow:hidden;background:#f3f4f6;border:1px solid #e5e7eb;border-radius:8px}
.rb .rb-ticket-box img{display:block;width:100%;height:100%;object-fit:contain}
.rb .rb-ticket-box p{margin:0;padding:12px;text-align:center}
.rb .rb-ticket figcaption{margin-top:4px}`;
