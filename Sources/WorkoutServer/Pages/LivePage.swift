import Foundation
import HealthKitModel
import Markup

/// The live page: a recording in progress, kept current over Server-Sent Events.
///
/// It shows the recording's ``LiveSnapshot``, the figures the dashboard shows: the state, the time without
/// pauses (ticking between updates), the distance and lap, speed or pace (current, average, best), heart rate
/// and zone, cadence, power, energy, elevation and grade, the strap's and the GPS fix's state, the guidance (a course's way and cue, a
/// structured workout's step and target, in the dashboard's words), the course being followed drawn under the track, the trouble still in force (the store refusing
/// writes, a source that failed), and the track so far. The state is said in the dashboard's words ("recording", not "running"), beside the
/// sport. Followers through the club see its safety alerts (not moved, not heard from) above everything. A dropped connection reconnects by itself and the snapshot it gets first catches the page up. At the end it links the saved
/// workout where a browser reaches it (the club it was sent to), or says how to open it from the recorder's store.
enum LivePage {
    /// The page following the recording this server runs beside (`/live/events`), or, with `events`, a live session
    /// through the club (its server-sent events, each a point `{"status": snapshot, "points": [[lat, lon], …]}`).
    /// With `controls`, the dashboard's keys as buttons (start, pause or resume, lap, finish), for a recorder without
    /// a keyboard (`workout record --serve`, the record service).
    static func render(events: String? = nil, controls: Bool = false) -> HTML {
        let source = events.map { " data-events=\"\(XMLText.escaped($0))\"" } ?? ""
        let buttons: HTML = controls ? """
            <div id="live-controls" class="controls" role="group" aria-label="Recording controls">\
            <button type="button" data-command="start" hidden>Start</button><button type="button" data-command="pause" hidden>Pause</button>\
            <button type="button" data-command="lap" hidden>Lap</button><button type="button" data-command="finish" hidden>Finish</button>\
            <span id="live-control-message" role="status"></span></div>
            """ : ""
        return ServerPage.layout(title: "Live workout", body: """
            <p id="live-connection" class="count" aria-live="polite"\(HTML.raw(source))>connecting…</p>\
            \(buttons)\
            <ul id="live-alerts" class="safety" role="alert" aria-label="Safety alerts" hidden></ul>\
            <ul id="live-warnings" class="message" role="alert" hidden></ul>\
            <ul id="live-guidance" class="guidance" aria-live="polite" aria-label="Guidance" hidden></ul>\
            <section aria-labelledby="live-now"><h2 id="live-now">Now</h2><dl class="live">\
            <div><dt>State</dt><dd id="live-state">waiting to start</dd></div>\
            <div><dt>Sport</dt><dd id="live-sport">–</dd></div>\
            <div><dt>Time</dt><dd id="live-elapsed">0:00</dd></div>\
            <div><dt>Distance</dt><dd id="live-distance">0.00 km</dd></div>\
            <div><dt>Lap</dt><dd id="live-lap">1</dd></div>\
            <div><dt id="live-speed-label">Speed</dt><dd id="live-speed">–</dd></div>\
            <div><dt id="live-average-label">Average</dt><dd id="live-average">–</dd></div>\
            <div><dt id="live-maximum-label">Maximum</dt><dd id="live-maximum">–</dd></div>\
            <div><dt>Heart rate</dt><dd id="live-heart-rate">–</dd></div>\
            <div><dt>Zone</dt><dd id="live-zone">–</dd></div>\
            <div><dt>Average heart rate</dt><dd id="live-average-heart-rate">–</dd></div>\
            <div><dt>Cadence</dt><dd id="live-cadence">–</dd></div>\
            <div><dt>Average cadence</dt><dd id="live-average-cadence">–</dd></div>\
            <div><dt>Power</dt><dd id="live-power">–</dd></div>\
            <div><dt>Average power</dt><dd id="live-average-power">–</dd></div>\
            <div><dt>Lap power</dt><dd id="live-lap-power">–</dd></div>\
            <div><dt>30-s power</dt><dd id="live-power-30s">–</dd></div>\
            <div><dt>Normalized power</dt><dd id="live-np">–</dd></div>\
            <div><dt>Training stress</dt><dd id="live-tss">–</dd></div>\
            <div><dt>W′ balance</dt><dd id="live-wprime">–</dd></div>\
            <div><dt>Energy</dt><dd id="live-energy">–</dd></div>\
            <div><dt>Climbed</dt><dd id="live-ascent">–</dd></div>\
            <div><dt>Elevation</dt><dd id="live-elevation">–</dd></div>\
            <div><dt>Grade</dt><dd id="live-grade">–</dd></div>\
            <div class="wide"><dt>GPS</dt><dd id="live-gps" class="words">–</dd></div>\
            <div class="wide"><dt>Sensors</dt><dd id="live-strap" class="words">–</dd></div>\
            </dl><p id="live-done" hidden></p></section>\
            <section id="live-track-section" aria-labelledby="live-track-heading" hidden><h2 id="live-track-heading">Track so far</h2>\
            <svg id="live-map" viewBox="0 0 600 400" role="img" aria-labelledby="live-map-title"><title id="live-map-title">Track so far</title>\
            <rect width="600" height="400" fill="#f4f4ef"/><path id="live-course" d="" fill="none" stroke="#7fb3e6" stroke-width="9" stroke-linejoin="round" stroke-linecap="round"/><path id="live-track" d="" fill="none" stroke="#111" stroke-width="4" stroke-linejoin="round" stroke-linecap="round"/>\
            <circle id="live-position" cx="-20" cy="-20" r="7" fill="#ffeb3b" stroke="#111" stroke-width="3"/></svg></section>\
            <style>.live{display:grid;grid-template-columns:repeat(auto-fill,minmax(140px,1fr));gap:8px;margin:0}.live div{border:1px solid var(--line);border-radius:6px;padding:6px 8px}\
            .safety{list-style:none;padding:10px 14px;margin:0 0 12px;border:3px solid #b00020;border-radius:6px;background:#fde7ea;color:#7a0016;font-weight:800;font-size:1.2rem}\
            .guidance{list-style:none;padding:8px 12px;margin:0 0 12px;border:2px solid var(--line);border-radius:6px;font-weight:700;font-variant-numeric:tabular-nums}\
            dt{font-size:.8rem;color:var(--muted)}dd{margin:0;font-size:1.6rem;font-weight:800;font-variant-numeric:tabular-nums}#live-map{width:100%;height:auto;max-height:60vh}\
            .controls{display:flex;flex-wrap:wrap;gap:8px;align-items:center;margin:0 0 12px}.controls button{font-size:1.2rem;font-weight:700;padding:10px 18px;min-width:6em}\
            .live div.wide{grid-column:1/-1}dd.words{font-size:1rem;font-weight:600;overflow-wrap:anywhere}#live-state,#live-sport{font-size:1.2rem}</style>\
            <script>\(HTML.raw(script))</script>
            """)
    }

    /// Each state's words, from ``LiveSnapshot/State/label``: the page says what the dashboard says.
    static let stateLabels: String = {
        let labels = Dictionary(uniqueKeysWithValues: LiveSnapshot.State.allCases.map { ($0.rawValue, $0.label) })
        let data = (try? JSONSerialization.data(withJSONObject: labels, options: [.sortedKeys])) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }()

    static let script = """
        (function(){"use strict";var labels=\(stateLabels);
        function words(a){return a.replace(/([a-z])([A-Z])/g,"$1 $2").toLowerCase();}
        var track=[],course=[],status=null,receivedAt=0,source=null,ended=false,retry=0,snapshotLength=0,pointUpdates=0;window.liveLatencies=[];
        function $(id){return document.getElementById(id);}
        function pad(n){return n<10?"0"+n:""+n;}
        function clock(s){s=Math.max(0,Math.floor(s));var h=Math.floor(s/3600),m=Math.floor(s/60)%60,r=s%60;return h>0?h+":"+pad(m)+":"+pad(r):m+":"+pad(r);}
        function project(p){var la=Math.max(-85.05,Math.min(85.05,p[0]))*Math.PI/180;return [(p[1]+180)/360*256,(1-Math.log(Math.tan(la)+1/Math.cos(la))/Math.PI)/2*256];}
        function draw(){$("live-track-section").hidden=!track.length&&!course.length;
          if(!track.length&&!course.length){$("live-track").setAttribute("d","");$("live-course").setAttribute("d","");return;}
          var pts=track.map(project),cps=course.map(project),x0=1e9,y0=1e9,x1=-1e9,y1=-1e9;
          pts.concat(cps).forEach(function(p){x0=Math.min(x0,p[0]);y0=Math.min(y0,p[1]);x1=Math.max(x1,p[0]);y1=Math.max(y1,p[1]);});
          var s=Math.min(560/Math.max(x1-x0,1e-6),360/Math.max(y1-y0,1e-6)),ox=(600-(x1-x0)*s)/2,oy=(400-(y1-y0)*s)/2,d="";
          function path(list){var t="";list.forEach(function(p,i){t+=(i?"L":"M")+((p[0]-x0)*s+ox).toFixed(1)+","+((p[1]-y0)*s+oy).toFixed(1);});return t;}
          $("live-course").setAttribute("d",path(cps));$("live-course").setAttribute("data-points",cps.length);
          if(!pts.length){$("live-track").setAttribute("d","");return;}
          d=path(pts);
          $("live-track").setAttribute("d",d);$("live-track").setAttribute("data-points",track.length);var last=pts[pts.length-1];
          $("live-position").setAttribute("cx",((last[0]-x0)*s+ox).toFixed(1));$("live-position").setAttribute("cy",((last[1]-y0)*s+oy).toFixed(1));}
        function speedText(v){if(v==null)return "–";if(status.showsPace){if(v<0.3)return "–";var p=1000/v;return Math.floor(p/60)+":"+pad(Math.round(p%60))+" /km";}return (v*3.6).toFixed(1)+" km/h";}
        function warnings(list){var box=$("live-warnings");box.textContent="";box.hidden=!list.length;
          list.forEach(function(w){var li=document.createElement("li");li.textContent=w.message;li.setAttribute("data-kind",w.kind);box.appendChild(li);});}
        function alerts(list){var box=$("live-alerts");box.textContent="";box.hidden=!list.length;
          list.forEach(function(a){var li=document.createElement("li");li.textContent="⚠ "+a.message;li.setAttribute("data-kind",a.kind);box.appendChild(li);});}
        function guidance(lines){var box=$("live-guidance");box.textContent="";box.hidden=!lines||!lines.length;
          (lines||[]).forEach(function(text){var li=document.createElement("li");li.textContent=text;box.appendChild(li);});}
        function show(){if(!status)return;guidance(status.guidance);$("live-state").textContent=labels[status.state]||status.state;$("live-sport").textContent=words(status.activity);
          document.title="Live "+words(status.activity);warnings(status.warnings||[]);$("live-distance").textContent=(status.distanceMeters/1000).toFixed(2)+" km";
          $("live-speed-label").textContent=status.showsPace?"Pace":"Speed";$("live-speed").textContent=speedText(status.speed);
          $("live-heart-rate").textContent=status.heartRate!=null?Math.round(status.heartRate)+" bpm":"–";$("live-zone").textContent=status.heartRateZone?"Z"+status.heartRateZone:"–";
          $("live-lap").textContent=status.lap+" · "+clock(status.lapSeconds)+" · "+(status.lapDistanceMeters/1000).toFixed(2)+" km";
          $("live-average-label").textContent=status.showsPace?"Average pace":"Average speed";$("live-average").textContent=speedText(status.averageSpeed);
          $("live-maximum-label").textContent=status.showsPace?"Best pace":"Top speed";$("live-maximum").textContent=speedText(status.maximumSpeed);
          function figure(v,unit,digits){return v!=null?v.toFixed(digits||0)+(unit?" "+unit:""):"–";}
          $("live-cadence").textContent=figure(status.cadence,status.showsPace?"spm":"rpm");$("live-power").textContent=figure(status.power,"W");
          $("live-average-heart-rate").textContent=figure(status.averageHeartRate,"bpm");$("live-average-power").textContent=figure(status.averagePower,"W");
          $("live-average-cadence").textContent=status.averageCadence!=null?(status.showsPace?Math.round(status.averageCadence*2)+" spm":Math.round(status.averageCadence)+" rpm"):"–";
          $("live-ascent").textContent=figure(status.ascentMeters,"m");$("live-lap-power").textContent=figure(status.lapAveragePower,"W");
          $("live-power-30s").textContent=figure(status.power30s,"W");$("live-np").textContent=figure(status.normalizedPower,"W");$("live-tss").textContent=figure(status.trainingStressScore,"");
          $("live-wprime").textContent=status.wPrimeBalance!=null?(status.wPrimeBalance/1000).toFixed(1)+" kJ · "+Math.round(status.wPrimeShare*100)+" %"+(status.wPrimeLow?" · low":""):"–";
          $("live-energy").textContent=figure(status.energyKilocalories,"kcal");$("live-elevation").textContent=figure(status.elevationMeters,"m");
          $("live-grade").textContent=status.gradePercent!=null?(status.gradePercent>=0?"+":"")+status.gradePercent.toFixed(1)+" %":"–";
          controls();$("live-gps").textContent=status.gps?status.gps.text:"–";$("live-strap").textContent=status.sensors&&status.sensors.length>1?status.sensors.map(function(s){return (s.label||s.name)+": "+s.text+(s.battery!=null?" ("+s.battery+" %)":"");}).join(" · "):status.strap?status.strap.text:"–";tick();
          if(status.state==="ended"){ended=true;alerts([]);var done=$("live-done");done.hidden=false;done.textContent="";
            if(status.workoutURL){done.appendChild(document.createTextNode("Saved: "));var a=document.createElement("a");a.id="live-workout-link";a.href=status.workoutURL;
              a.textContent="see the workout";done.appendChild(a);}
            else if(status.workoutID){var short=status.workoutID.slice(0,8).toLowerCase();done.textContent="Saved in the recorder's store as "+short+
              ". Open it there with `workout show "+short+"`, or `workout serve` and its page.";}
            else done.textContent="The recording ended without saving a workout.";
            $("live-connection").textContent="recording ended";if(source){source.close();source=null;}}}
        function controls(){var box=$("live-controls");if(!box)return;var s=status.state,moving=s==="running"||s==="auto-paused";
          box.querySelectorAll("button").forEach(function(b){var c=b.getAttribute("data-command");
            b.hidden=!(c==="start"?s==="waiting":c==="pause"?moving||s==="paused":c==="lap"?moving:(moving||s==="paused"));
            if(c==="pause")b.textContent=s==="paused"?"Resume":"Pause";});}
        if($("live-controls"))$("live-controls").addEventListener("click",function(ev){var c=ev.target.getAttribute&&ev.target.getAttribute("data-command");if(!c)return;
          var say=$("live-control-message");say.textContent="";
          fetch("/api/live/commands",{method:"POST",headers:{"Content-Type":"application/json"},body:JSON.stringify({command:c})})
            .then(function(r){return r.json().then(function(b){if(!r.ok)say.textContent=(b.error&&b.error.message)||("refused: "+r.status);});})
            .catch(function(){say.textContent="the recorder cannot be reached";});});
        function tick(){if(!status)return;var e=status.elapsedSeconds+(status.state==="running"?(Date.now()-receivedAt)/1000:0);$("live-elapsed").textContent=clock(e);}
        setInterval(tick,500);
        var clubEvents=$("live-connection").getAttribute("data-events");
        function connect(){if(ended)return;
          // A club's stream starts from its first point again: the track starts over with it.
          if(clubEvents){track=[];alerts([]);}source=new EventSource(clubEvents||"/live/events");
          source.addEventListener("alert",function(ev){alerts(JSON.parse(ev.data).alerts||[]);});
          source.addEventListener("message",function(ev){var m=JSON.parse(ev.data);if(!m.status)return;
            if(m.points&&m.points.length){Array.prototype.push.apply(track,m.points);draw();}status=m.status;receivedAt=Date.now();show();});
          source.addEventListener("open",function(){retry=0;$("live-connection").textContent="connected";});
          source.addEventListener("snapshot",function(ev){var m=JSON.parse(ev.data);track=m.points;course=m.course||[];snapshotLength=track.length;pointUpdates=0;status=m.status;receivedAt=Date.now();draw();show();});
          source.addEventListener("update",function(ev){var m=JSON.parse(ev.data),now=Date.now();
            if(track.length+m.points.length!==m.trackCount){drop();return;}
            Array.prototype.push.apply(track,m.points);if(m.points.length)pointUpdates++;status=m.status;receivedAt=now;
            window.liveLatencies.push({fixTime:m.status.fixTime,sentAt:m.sentAt,receivedAt:now});if(window.liveLatencies.length>20000)window.liveLatencies.shift();
            if(m.points.length)draw();show();});
          source.addEventListener("error",function(){if(ended)return;$("live-connection").textContent="reconnecting…";
            if(source&&source.readyState===2){source=null;retry=Math.min(retry+1,5);setTimeout(connect,500*retry);}});}
        function drop(){if(source){source.close();source=null;}$("live-connection").textContent="reconnecting…";setTimeout(connect,200);}
        window.liveDebug={drop:drop,trackLength:function(){return track.length;},
          sinceSnapshot:function(){return {points:track.length-snapshotLength,updates:pointUpdates};}};
        connect();})();
        """
}
