// The projector: shows one section at a time (pairings, standings, bracket), switching
// every data-cycle seconds; the content itself is refreshed by the poll in public.js.
const root = document.getElementById("public-root");
const seconds = Number(root.dataset.cycle) || 15;
let current = 0;

function show() {
  const slides = [...root.querySelectorAll(".slide")];
  if (!slides.length) return;
  current %= slides.length;
  slides.forEach((slide, index) => slide.classList.toggle("is-shown", index === current));
  root.dataset.showing = slides[current].dataset.slide;
}

show();
setInterval(() => { current += 1; show(); }, seconds * 1000);
document.addEventListener("sk:live-swapped", show);
