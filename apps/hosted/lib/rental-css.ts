/** The "My booking" page's styles (inline like pageCss: the first paint needs no request). Mobile first. */
export const rentalCss = `.rb{max-width:640px;margin:0 auto;padding:16px 12px 48px}
.rb h1{font-size:24px;line-height:1.25;margin:8px 0 4px}
.rb h2{font-size:19px;line-height:1.3;margin:0 0 12px}
.rb h3{font-size:17px;margin:0 0 8px}
.rb .sub{margin:0;color:#374151}
.rb section,.rb .card{background:#fff;border:1px solid #d1d5db;border-radius:12px;padding:16px;margin:16px 0}
.rb .steps{list-style:none;margin:0;padding:0;display:grid;gap:6px}
.rb .steps li{display:flex;align-items:center;gap:10px;color:#4b5563}
.rb .steps li::before{content:"";flex:none;width:14px;height:14px;border-radius:50%;border:2px solid #9ca3af;background:#fff}
.rb .steps li.done{color:#111827}
.rb .steps li.done::before{background:#15803d;border-color:#15803d}
.rb .steps li[aria-current]{color:#111827;font-weight:700}
.rb .steps li[aria-current]::before{background:#1d4ed8;border-color:#1d4ed8;box-shadow:0 0 0 3px #bfdbfe}
.rb dl{margin:0;display:grid;grid-template-columns:auto 1fr;gap:6px 16px}
.rb dt{color:#4b5563}
.rb dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.rb dl.amounts dd{text-align:right;font-variant-numeric:tabular-nums}
.rb dl.amounts .total{font-weight:800}
.rb label{display:block;font-weight:600;margin-bottom:4px}
.rb input[type=number],.rb input[type=date]{font:inherit;width:100%;max-width:240px;min-height:44px;padding:8px 10px;border:1px solid #6b7280;border-radius:8px;background:#fff;color:#111827}
.rb select{font:inherit;width:100%;max-width:320px;min-height:44px;padding:8px 10px;border:1px solid #6b7280;border-radius:8px;background:#fff;color:#111827}
.rb select[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.rb fieldset{border:0;margin:12px 0 0;padding:0;min-width:0}
.rb legend{font-weight:600;margin-bottom:4px;padding:0}
.rb label.choice{display:flex;align-items:center;gap:10px;font-weight:400;min-height:44px;margin:0 0 6px;padding:6px 12px;border:1px solid #d1d5db;border-radius:8px;cursor:pointer}
.rb label.choice input{width:20px;height:20px;margin:0;flex:none}
.rb label.choice:has(input:checked){border-color:#1d4ed8;border-width:2px;background:#eff6ff}
.rb label.choice:has(input:disabled){color:#4b5563;background:#f3f4f6;cursor:not-allowed}
.rb .seats{color:#374151}
.rb .hint.lead{margin:0 0 12px}
.rb input[type=file]{font:inherit;display:block;width:100%;max-width:320px;min-height:44px;padding:8px 0}
.rb input[aria-invalid=true]{border-color:#b91c1c;border-width:2px}
.rb .hint{margin:4px 0 0;color:#374151;font-size:15px}
.rb .error{margin:8px 0 0;color:#b91c1c;font-weight:600}
.rb .ok{margin:8px 0 0;color:#166534;font-weight:600}
.rb .note{margin:8px 0 0;font-weight:700}
.rb button{font:inherit;font-weight:700;min-height:44px;padding:10px 16px;border-radius:8px;border:2px solid #1d4ed8;background:#fff;color:#1d4ed8;cursor:pointer;margin-top:12px}
.rb button.primary{background:#1d4ed8;color:#fff}
.rb button:disabled{opacity:.6;cursor:progress}
.rb :focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
.rb .quote{margin-top:12px;padding:12px;border-radius:8px;background:#f9fafb;border:1px solid #e5e7eb}
.rb .history{list-style:none;margin:0;padding:0}
.rb .history li{padding:10px 0;border-top:1px solid #e5e7eb}
.rb .history li:first-child{border-top:0;padding-top:0}
.rb .history .meta{display:block;color:#374151;font-size:15px}
.rb .canceled{color:#991b1b;font-weight:700}
.rb .payment-slot{margin-top:12px}
.rb .payment-slot .payment-slot{margin-top:0}
.rb a{color:#1d4ed8}
.rb .visually-hidden{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
@media (min-width:700px){.rb{padding:32px 24px 64px}}`;
