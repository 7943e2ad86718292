// The README tour bundled as one ESM file for Node. A bundle carries only what
// it imports, so it imports the tokenizer entry for the tour's token counts.
import '@victor-tools/core/tokenizer';
import './out/node16-stage3/tour.mjs';
