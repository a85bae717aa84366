/// The report's style sheet: high contrast for sunlight, one column on a phone.
enum ReportStyle {
    static let css = """
        :root{--ink:#111;--paper:#fff;--muted:#444;--line:#bbb;--accent:#0047ab;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
        *{box-sizing:border-box}
        body{margin:0;color:var(--ink);background:var(--paper);line-height:1.4}
        header,main,footer{max-width:1100px;margin:0 auto;padding:0 12px}
        h1{font-size:1.5rem;margin:12px 0 0}h2{font-size:1.15rem;margin:20px 0 8px;border-bottom:2px solid var(--ink)}
        .links{list-style:none;display:flex;flex-wrap:wrap;gap:6px 16px;padding:8px 0 0;margin:0}.links a{color:var(--accent);font-weight:600}
        .subtitle{margin:2px 0 8px;color:var(--muted)}.notes{white-space:pre-wrap;margin:0 0 8px;max-width:45rem}
        #summary dl{display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:8px;margin:0}
        #summary dl div{border:1px solid var(--line);border-radius:6px;padding:6px 8px}
        dt{font-size:.8rem;color:var(--muted)}dd{margin:0;font-size:1.25rem;font-weight:700;font-variant-numeric:tabular-nums}
        svg{width:100%;height:auto;display:block;touch-action:none}#map-svg{max-height:min(520px,75vh)}
        .map-ground{fill:#f4f4ef}.track-outline{fill:none;stroke:#111;stroke-width:5;stroke-linejoin:round;stroke-linecap:round}
        .track{fill:none;stroke-width:3;stroke-linejoin:round;stroke-linecap:round}
        .c0{stroke:#1a237e;background:#1a237e}.c1{stroke:#1565c0;background:#1565c0}.c2{stroke:#00838f;background:#00838f}.c3{stroke:#2e7d32;background:#2e7d32}
        .c4{stroke:#f9a825;background:#f9a825}.c5{stroke:#ef6c00;background:#ef6c00}.c6{stroke:#c62828;background:#c62828}
        .legend{display:flex;align-items:center;gap:2px;font-size:.85rem}.legend i{display:inline-block;width:22px;height:10px}.legend span{margin:0 6px}
        .start-marker circle{fill:#1b5e20;stroke:#fff;stroke-width:3}.finish-marker rect{fill:#111;stroke:#fff;stroke-width:3}
        .lap-marker circle{fill:#fff;stroke:#111;stroke-width:2}.lap-marker text{font-size:9px;font-weight:700}
        .pause-marker rect{fill:#fff;stroke:#111;stroke-width:1.5}.pause-marker path{stroke:#111;stroke-width:2}.pause-marker text{font-size:8px;font-weight:700}
        .marker-leader{stroke:#111;stroke-width:1;vector-effect:non-scaling-stroke}.track,.track-outline{vector-effect:non-scaling-stroke}
        .map-tools{display:flex;gap:6px;margin:0 0 6px}.map-tools button{padding:2px 12px;min-width:44px;min-height:36px}#map-svg{cursor:grab}
        #profile{margin:8px 0 0}#profile figcaption{font-weight:700}
        .scale-bar path{fill:none;stroke:#111;stroke-width:2}.scale-bar text,.north text{font-size:12px;font-weight:700}.north path{fill:#111}
        #map-cursor{fill:#ffeb3b;stroke:#111;stroke-width:3}
        .attribution{font-size:.8rem;color:var(--muted);margin:2px 0 0;text-align:right}
        .toggle{display:flex;gap:6px;margin-bottom:8px}
        button{font:inherit;padding:6px 14px;border:2px solid var(--ink);background:var(--paper);color:var(--ink);border-radius:6px;cursor:pointer}
        button[aria-pressed=true]{background:var(--ink);color:var(--paper)}
        button:focus-visible,.chart:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
        .axis-time .chart-distance,.axis-distance .chart-time{display:none}
        .chart{margin:0 0 12px}.chart figcaption{font-weight:700}.unit{font-weight:400;color:var(--muted)}
        .series{fill:none;stroke-width:1.6;stroke-linejoin:round}.plot .series,.plot .grid,.plot .cursor{vector-effect:non-scaling-stroke}
        .grid{stroke:#ddd;stroke-width:1}.tick{font-size:11px;fill:#333}
        .pause{fill:#9e9e9e;opacity:.35}.band{opacity:.13}.band-z1{fill:#1565c0}.band-z2{fill:#2e7d32}.band-z3{fill:#f9a825}.band-z4{fill:#ef6c00}.band-z5{fill:#c62828}
        .cursor{stroke:#111;stroke-width:1.5}.hit{fill:transparent;cursor:crosshair}
        .readout{min-height:1.4em;margin:2px 0;font-variant-numeric:tabular-nums}
        .scroll{overflow-x:auto}.scroll tr>:first-child{position:sticky;left:0;background:var(--paper);z-index:1}table{border-collapse:collapse;width:100%;font-variant-numeric:tabular-nums}
        th,td{text-align:right;padding:4px 8px;border-bottom:1px solid var(--line)}th:first-child,td:first-child{text-align:left}
        .bar{display:inline-block;height:10px;vertical-align:middle;max-width:70%}.bar.z1{background:#1565c0}.bar.z2{background:#2e7d32}.bar.z3{background:#f9a825}
        .bar.z4{background:#ef6c00}.bar.z5{background:#c62828}.bar.z6{background:#6a1b9a}.bar.z7{background:#111}
        .legs-strip{display:flex;list-style:none;padding:0;margin:8px 0;height:28px;border-radius:6px;overflow:hidden}
        .legs-strip li{display:flex;align-items:center;justify-content:center;min-width:0;overflow:hidden;white-space:nowrap;font-size:.8rem;color:#fff;background:#555}
        .legs-strip .leg-swimming{background:#01579b}.legs-strip .leg-cycling{background:#1b5e20}.legs-strip .leg-running{background:#b71c1c}.legs-strip .leg-transition{background:#616161}
        footer{color:var(--muted);font-size:.8rem;padding:20px 12px}
        @media (max-width:480px){dd{font-size:1.05rem}h1{font-size:1.2rem}th,td{padding:3px 4px}.hide-narrow{display:none}}
        @media (prefers-color-scheme:dark){:root{--ink:#eee;--paper:#121212;--muted:#bbb;--line:#555;--accent:#8ab4f8;color-scheme:dark}
        .map-ground{fill:#1e1e1e}.track-outline,.cursor{stroke:#eee}.grid{stroke:#3a3a3a}.tick{fill:#ccc}.scale-bar path{stroke:#eee}.north path{fill:#eee}
        .scale-bar text,.north text{fill:#eee}.lap-marker text,.pause-marker text{fill:#111}.marker-leader{stroke:#eee}}
        """
}
