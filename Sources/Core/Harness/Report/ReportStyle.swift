// The page's one style element (its SHA-256 is in the page's Content-Security-Policy): readable
// from a phone's width up; the matrix scrolls sideways inside its own box. specs/report.md §"The page".

package enum ReportStyle {
    package static let css = """
        :root{color-scheme:light;--pass:#1a7f37;--passbg:#dcf5e3;--fail:#b3261e;--failbg:#fbe0de;\
        --skip:#5f6368;--skipbg:#eceff1;--div:#8a5a00;--divbg:#fff1c9;--line:#d0d7de}
        *{box-sizing:border-box}
        body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2328;background:#fff}
        main{max-width:1200px;margin:0 auto;padding:12px 16px 48px;overflow-wrap:anywhere}
        h1{font-size:1.5em;margin:.4em 0}
        h2{font-size:1.25em;margin:1.6em 0 .5em;padding-bottom:.2em;border-bottom:1px solid var(--line)}
        h3{font-size:1.05em;margin:1.2em 0 .4em}
        h4{font-size:.95em;margin:1em 0 .3em}
        nav a{margin-right:.8em}
        a{color:#0969da}
        code,pre{font:13px/1.4 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
        code{word-break:break-all}
        pre{margin:.2em 0;padding:6px 8px;background:#f6f8fa;border:1px solid var(--line);border-radius:4px;\
        white-space:pre-wrap;overflow-wrap:anywhere;max-height:24em;overflow:auto}
        .lede{margin:.2em 0 .6em}
        .note{color:#57606a;font-size:.9em}
        .badges svg{margin:4px 6px 0 0;vertical-align:middle}
        .scroll{overflow-x:auto;border:1px solid var(--line);border-radius:4px}
        table{border-collapse:collapse;font-size:.9em;width:100%;overflow-wrap:normal}
        table code{word-break:normal}
        th,td{padding:4px 8px;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
        thead th{position:sticky;top:0;background:#f6f8fa;max-width:16em;overflow-wrap:anywhere}
        th.profile{background:#eef2f6;font-size:1em}
        tbody th{white-space:nowrap}
        td.cell{white-space:nowrap;text-align:right;font-variant-numeric:tabular-nums}
        td.pass{background:var(--passbg);color:var(--pass)}
        td.fail{background:var(--failbg);color:var(--fail);font-weight:600}
        td.skip{background:var(--skipbg);color:var(--skip)}
        td.div{background:var(--divbg);color:var(--div)}
        td.none{color:#8c959f}
        .layers{color:#57606a;font-size:.85em;min-width:9em}
        .verdict-pass{color:var(--pass);font-weight:600}
        .verdict-fail{color:var(--fail);font-weight:600}
        .verdict-none{color:var(--skip);font-weight:600}
        details.failure,details.finding,details.mismatch{border:1px solid var(--line);border-left:4px solid var(--fail);\
        border-radius:4px;margin:6px 0;padding:4px 8px;background:#fff}
        details.divergence{border-left-color:var(--div)}
        details>summary{cursor:pointer;overflow-wrap:anywhere}
        details[open]>summary{margin-bottom:.4em}
        .layer{display:inline-block;padding:0 6px;border-radius:10px;background:var(--failbg);color:var(--fail);\
        font-size:.85em;font-weight:600}
        .val{margin:.4em 0}
        .k{display:block;font-size:.8em;text-transform:uppercase;letter-spacing:.04em;color:#57606a}
        dl{display:grid;grid-template-columns:max-content minmax(0,1fr);gap:2px 12px;margin:.3em 0}
        dt{color:#57606a}
        dd{margin:0;overflow-wrap:anywhere}
        ul.ids{margin:.2em 0;padding-left:1.2em}
        .b-verified{color:var(--pass);font-weight:600}
        .b-stated{color:#0969da;font-weight:600}
        .b-inferred{color:var(--div);font-weight:600}
        .b-decided{color:#8250df;font-weight:600}
        .diff-fail{color:var(--fail)}
        .diff-pass{color:var(--pass)}
        @media (max-width:640px){main{padding:8px}body{font-size:14px}dl{grid-template-columns:minmax(0,1fr)}\
        dt{margin-top:.3em}th,td{padding:3px 5px}}
        """
}
