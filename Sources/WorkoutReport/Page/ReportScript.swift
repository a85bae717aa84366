/// The report's script: pointing at (or moving along with the arrow keys) any
/// chart shows the values there and marks the same moment on the map and the
/// other charts; two buttons switch the charts between time and distance. On a narrow screen the charts'
/// axis labels are drawn larger in the chart's own units, so they read at 11 px however far the chart is scaled.
enum ReportScript {
    static let javaScript = """
        (function(){
        "use strict";
        var data=JSON.parse(document.getElementById("report-data").textContent);
        var charts={};data.charts.forEach(function(c){charts[c.id]=c;});
        function pad(n){return n<10?"0"+n:""+n;}
        function clock(s){s=Math.round(s);var h=Math.floor(s/3600),m=Math.floor(s/60)%60,r=s%60;return h>0?h+":"+pad(m)+":"+pad(r):m+":"+pad(r);}
        function nearest(a,v){var lo=0,hi=a.length-1;if(hi<0)return -1;while(lo<hi){var mid=(lo+hi)>>1;if(a[mid]<v)lo=mid+1;else hi=mid;}
          if(lo>0&&Math.abs(a[lo-1]-v)<=Math.abs(a[lo]-v))lo--;return lo;}
        function fmt(c,v){if(c.key==="pace"){var m=Math.floor(v),s=Math.round((v-m)*60);if(s===60){m++;s=0;}return m+":"+pad(s);}return v.toFixed(c.decimals);}
        function markMap(t){var cu=data.cursor,pr=data.projection,cur=document.getElementById("map-cursor");if(!cur||!cu.t.length)return;
          var i=nearest(cu.t,t),lat=cu.lat[i],lon=cu.lon[i],la=Math.max(-85.05112878,Math.min(85.05112878,lat))*Math.PI/180;
          var x=((lon+180)/360*256-pr.originX)*pr.scale,y=((1-Math.log(Math.tan(la)+1/Math.cos(la))/Math.PI)/2*256-pr.originY)*pr.scale;
          cur.setAttribute("cx",x.toFixed(1));cur.setAttribute("cy",y.toFixed(1));cur.setAttribute("data-lat",lat);cur.setAttribute("data-lon",lon);cur.setAttribute("data-t",cu.t[i]);
          var ro=document.getElementById("map-readout");if(ro)ro.textContent=clock(cu.t[i])+" · "+lat.toFixed(5)+", "+lon.toFixed(5);}
        function show(c,i,fromUser){var fig=document.getElementById(c.id),svg=fig.querySelector("svg"),hit=svg.querySelector(".hit");
          var up=parseFloat(hit.getAttribute("data-x-upper")),left=parseFloat(hit.getAttribute("x")),w=parseFloat(hit.getAttribute("width"));
          var x=left+c.x[i]/up*w,line=svg.querySelector(".cursor");line.setAttribute("x1",x);line.setAttribute("x2",x);fig.setAttribute("data-index",i);
          fig.querySelector(".readout").textContent=clock(c.t[i])+(c.axis==="distance"?" · "+c.x[i].toFixed(2)+" "+data.distanceUnit:"")+" · "+fmt(c,c.y[i])+" "+c.unit;
          if(fromUser){markMap(c.t[i]);data.charts.forEach(function(o){if(o!==c&&o.axis===c.axis&&o.t.length)show(o,nearest(o.t,c.t[i]),false);});}}
        document.querySelectorAll("figure.chart").forEach(function(fig){var c=charts[fig.id];if(!c||!c.x.length)return;var svg=fig.querySelector("svg");
          function at(ev){var p=svg.createSVGPoint();p.x=ev.clientX;p.y=ev.clientY;var q=p.matrixTransform(svg.getScreenCTM().inverse());var hit=svg.querySelector(".hit");
            var v=(q.x-parseFloat(hit.getAttribute("x")))/parseFloat(hit.getAttribute("width"))*parseFloat(hit.getAttribute("data-x-upper"));show(c,nearest(c.x,v),true);}
          svg.addEventListener("pointermove",at);svg.addEventListener("pointerdown",at);
          fig.addEventListener("keydown",function(ev){var i=parseInt(fig.getAttribute("data-index")||"0",10),step=ev.shiftKey?10:1;
            if(ev.key==="ArrowRight")i=Math.min(c.x.length-1,i+step);else if(ev.key==="ArrowLeft")i=Math.max(0,i-step);else if(ev.key==="Home")i=0;else if(ev.key==="End")i=c.x.length-1;else return;
            ev.preventDefault();show(c,i,true);});});
        var section=document.getElementById("charts");
        ["time","distance"].forEach(function(axis){var b=document.getElementById("axis-"+axis);if(!b)return;b.addEventListener("click",function(){
          section.className="axis-"+axis;document.querySelectorAll(".toggle button").forEach(function(o){o.setAttribute("aria-pressed",o===b?"true":"false");});fitTicks();});});
        function fitTicks(){document.querySelectorAll("figure.chart svg").forEach(function(svg){var w=svg.getBoundingClientRect().width;if(!w)return;
          var scale=Math.min(2.6,Math.max(1,800/w));svg.style.overflow="visible";svg.querySelectorAll(".tick").forEach(function(t){t.style.fontSize=(11*scale).toFixed(1)+"px";});});}
        fitTicks();window.addEventListener("resize",fitTicks);
        })();
        """
}
