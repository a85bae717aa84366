/// The report's script: pointing at (or moving along with the arrow keys) any
/// chart, the elevation profile or the route shows the values there and marks the same moment on
/// the map, the profile and the other charts; two buttons switch the charts between time and distance.
/// The map pans (drag, arrow keys) and zooms (wheel, + and −, "Whole route") with its markers, cursor and
/// lines kept at their size and the scale bar redrawn for the zoom. On a screen narrower than a chart, the chart
/// is redrawn for its width: as many units across as pixels, its plot stretched to them (lines keeping their
/// weight), its labels at their size; other drawings' axis labels are drawn larger in their own units.
public enum ReportScript {
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
          var x=left+c.x[i]/up*w,line=svg.querySelector(".cursor");line.setAttribute("x1",x);line.setAttribute("x2",x);line.setAttribute("visibility","visible");fig.setAttribute("data-index",i);
          fig.querySelector(".readout").textContent=clock(c.t[i])+(c.axis==="distance"?" · "+c.x[i].toFixed(2)+" "+data.distanceUnit:"")+" · "+fmt(c,c.y[i])+" "+c.unit;
          if(fromUser){markMap(c.t[i]);follow(c,c.t[i]);}}
        function follow(c,t){data.charts.forEach(function(o){if(o!==c&&o.t.length)show(o,nearest(o.t,t),false);});}
        document.querySelectorAll("figure.chart").forEach(function(fig){var c=charts[fig.id];if(!c||!c.x.length)return;var svg=fig.querySelector("svg");
          function at(ev){var p=svg.createSVGPoint();p.x=ev.clientX;p.y=ev.clientY;var hit=svg.querySelector(".hit");var q=p.matrixTransform(hit.getScreenCTM().inverse());
            var v=(q.x-parseFloat(hit.getAttribute("x")))/parseFloat(hit.getAttribute("width"))*parseFloat(hit.getAttribute("data-x-upper"));show(c,nearest(c.x,v),true);}
          svg.addEventListener("pointermove",at);svg.addEventListener("pointerdown",at);
          fig.addEventListener("keydown",function(ev){var i=parseInt(fig.getAttribute("data-index")||"0",10),step=ev.shiftKey?10:1;
            if(ev.key==="ArrowRight")i=Math.min(c.x.length-1,i+step);else if(ev.key==="ArrowLeft")i=Math.max(0,i-step);else if(ev.key==="Home")i=0;else if(ev.key==="End")i=c.x.length-1;else return;
            ev.preventDefault();show(c,i,true);});});
        var map=document.getElementById("map-svg"),view=document.getElementById("map-view");
        if(map&&view){var box=map.viewBox.baseVal,k=1,tx=0,ty=0,drag=null,bar=map.querySelector(".scale-bar");
          function apply(){k=Math.max(1,Math.min(64,k));if(k===1){tx=0;ty=0;}
            tx=Math.min(0,Math.max(box.width*(1-k),tx));ty=Math.min(0,Math.max(box.height*(1-k),ty));
            view.setAttribute("transform","translate("+tx.toFixed(2)+","+ty.toFixed(2)+") scale("+k.toFixed(4)+")");map.setAttribute("data-zoom",k.toFixed(3));
            view.querySelectorAll(".marker").forEach(function(m){m.setAttribute("transform","translate("+m.getAttribute("data-x")+","+m.getAttribute("data-y")+") scale("+(1/k).toFixed(4)+")");});
            var cur=document.getElementById("map-cursor");if(cur)cur.setAttribute("r",(7/k).toFixed(3));scaleBar();}
          function scaleBar(){if(!bar)return;var mpp=parseFloat(bar.getAttribute("data-meters-per-unit"))/k,metric=bar.getAttribute("data-units")==="metric";
            var unit=metric?1:0.3048,target=mpp*160/unit,p=1;while(p*10<=target)p*=10;var len=[5,2,1].map(function(m){return m*p;}).filter(function(v){return v<=target;})[0]||p,label;
            if(metric)label=len>=1000?(len/1000)+" km":len+" m";else if(len>=2640){var mi=Math.max(1,Math.floor(len/5280));len=mi*5280;label=mi+" mi";}else label=len+" ft";
            var px=len*unit/mpp,y=box.height-12,path=bar.querySelector("path"),text=bar.querySelector("text"),title=bar.querySelector("title");
            path.setAttribute("d","M12,"+(y-5)+"V"+y+"H"+(12+px).toFixed(1)+"V"+(y-5));text.setAttribute("x",(14+px/2).toFixed(1));text.textContent=label;title.textContent="Scale: "+label;}
          function point(ev){var p=map.createSVGPoint();p.x=ev.clientX;p.y=ev.clientY;return p.matrixTransform(map.getScreenCTM().inverse());}
          function zoomAt(px,py,f){var nk=Math.max(1,Math.min(64,k*f));tx=px-(px-tx)*nk/k;ty=py-(py-ty)*nk/k;k=nk;apply();}
          function centre(f){zoomAt(box.width/2,box.height/2,f);}
          map.addEventListener("wheel",function(ev){ev.preventDefault();var p=point(ev);zoomAt(p.x,p.y,ev.deltaY<0?1.25:0.8);},{passive:false});
          map.addEventListener("pointerdown",function(ev){var p=point(ev);drag={x:p.x,y:p.y,tx:tx,ty:ty};map.setPointerCapture(ev.pointerId);});
          map.addEventListener("pointerup",function(){drag=null;});map.addEventListener("pointercancel",function(){drag=null;});
          map.addEventListener("pointermove",function(ev){var p=point(ev);if(drag){tx=drag.tx+p.x-drag.x;ty=drag.ty+p.y-drag.y;apply();return;}
            var q=map.createSVGPoint();q.x=ev.clientX;q.y=ev.clientY;q=q.matrixTransform(view.getScreenCTM().inverse());
            var tr=data.track,best=-1,dist=Infinity;for(var j=0;j<tr.x.length;j++){var d=(tr.x[j]-q.x)*(tr.x[j]-q.x)+(tr.y[j]-q.y)*(tr.y[j]-q.y);if(d<dist){dist=d;best=j;}}
            if(best<0||Math.sqrt(dist)>20/k)return;markMap(tr.t[best]);map.setAttribute("data-t",tr.t[best]);follow(null,tr.t[best]);});
          map.addEventListener("keydown",function(ev){var step=box.width/10;if(ev.key==="ArrowLeft")tx+=step;else if(ev.key==="ArrowRight")tx-=step;else if(ev.key==="ArrowUp")ty+=step;
            else if(ev.key==="ArrowDown")ty-=step;else if(ev.key==="+"||ev.key==="=")return centre(1.5);else if(ev.key==="-")return centre(1/1.5);else return;ev.preventDefault();apply();});
          document.getElementById("map-zoom-in").addEventListener("click",function(){centre(1.5);});
          document.getElementById("map-zoom-out").addEventListener("click",function(){centre(1/1.5);});
          document.getElementById("map-reset").addEventListener("click",function(){k=1;apply();});}
        var section=document.getElementById("charts");
        ["time","distance"].forEach(function(axis){var b=document.getElementById("axis-"+axis);if(!b)return;b.addEventListener("click",function(){
          section.className="axis-"+axis;document.querySelectorAll(".toggle button").forEach(function(o){o.setAttribute("aria-pressed",o===b?"true":"false");});fitAll();});});
        \(fitTicks)
        function fitCharts(){document.querySelectorAll("figure.chart svg").forEach(function(svg){var plot=svg.querySelector(".plot");if(!plot)return;
          var box=svg.viewBox.baseVal,base=parseFloat(svg.getAttribute("data-width")||box.width),w=svg.parentElement.getBoundingClientRect().width;
          svg.setAttribute("data-width",base);if(!w)return;var width=Math.max(280,Math.min(base,Math.round(w))),s=(width-\(Int(ChartDrawing.left + ChartDrawing.right)))/(base-\(Int(ChartDrawing.left + ChartDrawing.right))),l=\(Int(ChartDrawing.left));
          svg.setAttribute("viewBox","0 0 "+width+" "+box.height);plot.setAttribute("transform",width===base?"":"translate("+l+",0) scale("+s.toFixed(5)+",1) translate("+(-l)+",0)");
          var last=-1e9;svg.querySelectorAll(".x-tick").forEach(function(t){var x=l+(parseFloat(t.getAttribute("data-x"))-l)*s;t.setAttribute("x",x.toFixed(1));
            var clear=x-last>=t.getComputedTextLength()+12;t.style.display=clear?"":"none";if(clear)last=x;});});}
        function fitAll(){fitCharts();fitTicks();}
        fitAll();window.addEventListener("resize",fitAll);
        })();
        """

    /// `fitTicks()`: each chart's axis labels (`.tick`) sized in the chart's own units so that they are drawn at
    /// 11 px however far the chart is scaled down, up to 2.6 times their size; for any page with `figure.chart` SVGs.
    public static let fitTicks = """
        function fitTicks(){document.querySelectorAll("figure.chart svg").forEach(function(svg){var w=svg.getBoundingClientRect().width;if(!w)return;
          var units=svg.viewBox&&svg.viewBox.baseVal&&svg.viewBox.baseVal.width?svg.viewBox.baseVal.width:800;
          var scale=Math.min(2.6,Math.max(1,units/w));svg.style.overflow="visible";svg.querySelectorAll(".tick").forEach(function(t){t.style.fontSize=(11*scale).toFixed(1)+"px";});});}
        """
}
