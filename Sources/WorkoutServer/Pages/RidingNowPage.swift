import Foundation
import Markup

/// The club's map of everyone a member may follow who is riding now: each rider where their recorder last was, named,
/// red with an alert, and linked to their live page; kept current by asking `/api/live` every 5 s.
enum RidingNowPage {
    static func render() -> HTML {
        ServerPage.layout(title: "Riding now", body: """
            <p id="riding-count" class="count" aria-live="polite">looking…</p>\
            <svg id="riding-map" viewBox="0 0 600 400" role="img" aria-labelledby="riding-map-title"><title id="riding-map-title">Where everyone riding now is</title>\
            <rect width="600" height="400" fill="#f4f4ef"/><g id="riding-marks"></g></svg>\
            <ul id="riding-list" class="riders"></ul>\
            <p class="hint">When your own followers are alerted, and which webhook is told: <a href="/settings/safety" id="safety-link">your safety alerts</a>.</p>\
            <style>#riding-map{width:100%;height:auto;max-height:60vh}.riders{list-style:none;padding:0}.riders li{padding:6px 0;border-bottom:1px solid var(--line)}\
            .riders li.alert{color:#7a0016;font-weight:800}</style>\
            <script>\(HTML.raw(script))</script>
            """)
    }

    static let script = """
        (function(){"use strict";
        function $(id){return document.getElementById(id);}
        function project(la,lo){var r=Math.max(-85.05,Math.min(85.05,la))*Math.PI/180;return [(lo+180)/360*256,(1-Math.log(Math.tan(r)+1/Math.cos(r))/Math.PI)/2*256];}
        function ago(iso){var s=Math.max(0,Math.round((Date.now()-Date.parse(iso))/1000));return s<60?s+" s ago":Math.round(s/60)+" min ago";}
        function draw(riders){var marks=$("riding-marks"),list=$("riding-list");marks.textContent="";list.textContent="";
          $("riding-count").textContent=riders.length?riders.length+(riders.length===1?" rider":" riders")+" now":"Nobody you follow is riding now.";
          var placed=riders.filter(function(r){return r.latitude!=null;}).map(function(r){return {r:r,p:project(r.latitude,r.longitude)};});
          var x0=1e9,y0=1e9,x1=-1e9,y1=-1e9;placed.forEach(function(m){x0=Math.min(x0,m.p[0]);y0=Math.min(y0,m.p[1]);x1=Math.max(x1,m.p[0]);y1=Math.max(y1,m.p[1]);});
          var s=Math.min(520/Math.max(x1-x0,1e-4),320/Math.max(y1-y0,1e-4)),ox=(600-(x1-x0)*s)/2,oy=(400-(y1-y0)*s)/2,ns="http://www.w3.org/2000/svg";
          placed.forEach(function(m){var a=document.createElementNS(ns,"a");a.setAttribute("href",m.r.page);
            var c=document.createElementNS(ns,"circle");c.setAttribute("cx",((m.p[0]-x0)*s+ox).toFixed(1));c.setAttribute("cy",((m.p[1]-y0)*s+oy).toFixed(1));
            c.setAttribute("r","8");c.setAttribute("fill",m.r.alert?"#b00020":"#ffeb3b");c.setAttribute("stroke","#111");c.setAttribute("stroke-width","3");c.setAttribute("data-athlete",m.r.athlete);
            var t=document.createElementNS(ns,"text");t.setAttribute("x",((m.p[0]-x0)*s+ox+12).toFixed(1));t.setAttribute("y",((m.p[1]-y0)*s+oy+5).toFixed(1));t.textContent=m.r.athlete;
            a.appendChild(c);a.appendChild(t);marks.appendChild(a);});
          riders.forEach(function(r){var li=document.createElement("li"),a=document.createElement("a");a.href=r.page;a.textContent=r.athlete;li.appendChild(a);
            li.appendChild(document.createTextNode(" · heard "+ago(r.updatedAt)+(r.alert==="still"?" · ⚠ not moving":r.alert==="silent"?" · ⚠ not heard from":"")));
            if(r.alert)li.className="alert";li.setAttribute("data-athlete",r.athlete);list.appendChild(li);});}
        function look(){fetch("/api/live",{credentials:"same-origin"}).then(function(r){return r.json();}).then(function(j){draw(j.riders||[]);}).catch(function(){});}
        look();setInterval(look,5000);})();
        """
}
