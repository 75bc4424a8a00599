/**
 * Renderer of official A4 forms (enrolment form 报名表, admission ticket 准考证 …) as PDF.
 *
 * Independent of the database and of the domain package: callers hand over plain labelled values.
 * Text is set in Noto Sans SC (TrueType outlines, subset-embedded by pdfkit), so Chinese stays
 * extractable and each document stays small. All lengths in this file are PDF points (1 pt = 1/72 in);
 * `MM` is one millimetre in points.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import * as fontkit from 'fontkit';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';

/** One labelled value of a form. `span: 2` takes a whole table row; otherwise two fields share a row. */
export interface PdfField {
  label: string;
  value: string | null | undefined;
  span?: 1 | 2;
}

/** A titled, bordered table of fields. */
export interface PdfSection {
  title: string;
  fields: PdfField[];
}

/** Content of one form; see {@link renderFormPdf} for the layout. */
export interface FormDocument {
  /** Centred bold heading, wrapped when long (e.g. plan name + 报名表). */
  title: string;
  /** Small line under the title (e.g. 报名序号 and generation time). */
  subtitle?: string;
  /** JPEG or PNG bytes, fitted (contain) into a 35 × 49 mm box at the top right of the tables. */
  photo?: Buffer;
  /** Text shown in the empty photo box when there is no photo (e.g. 照片). */
  photoPlaceholder?: string;
  sections: PdfSection[];
  /** Encoded as a QR code (25 mm square) at the bottom right, e.g. a verification string. */
  qrText?: string;
  /** Numbered paragraphs after the tables (instructions, commitment text). */
  notes?: string[];
  /** A heading above the notes (e.g. 考场须知), in the section-title style; none when absent. */
  notesTitle?: string;
  /** Labels followed by a blank line to sign on, side by side at the bottom, e.g. ['考生签名：', '日期：']. */
  signatureLines?: string[];
  /**
   * A bordered box an office fills in by hand, last on the form (e.g. the on-site audit of an
   * enrolment form): a shaded title row, then `label` in a label cell beside a blank area to write in
   * with `signatureLines` (e.g. ['审核人：', '日期：']) at its foot. The QR code then stands beside
   * the box instead of beside the form's signature lines.
   */
  officeBox?: { title: string; label: string; signatureLines: string[] };
  /** Small grey line at the bottom of every page. */
  footer?: string;
  /** PDF document properties; `title` defaults to the form title. */
  metadata?: { title?: string; author?: string; subject?: string };
}

const MM = 72 / 25.4;
const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 15 * MM;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const CONTENT_BOTTOM = PAGE_HEIGHT - MARGIN;
const PHOTO_WIDTH = 35 * MM;
const PHOTO_HEIGHT = 49 * MM;
const QR_SIZE = 25 * MM;
/**
 * The label column's width: the longest label of the document at 10 pt plus padding (measured with
 * the font), at least 29 mm and at most 33.5 mm, so that beside the photo a value cell still holds an
 * 18-digit ID number at 10 pt. When the longest label is wider than that, every label of the document
 * is set at the one smaller size at which it fits its line (down to LABEL_MIN_SIZE; only past that
 * does a label wrap): labels of one size rather than a few shrunken ones.
 */
const LABEL_MIN_WIDTH = 29 * MM;
const LABEL_MAX_WIDTH = 33.5 * MM;
const LABEL_MIN_SIZE = 7;
const PAD_X = 5;
const PAD_Y = 4;
const MIN_ROW_HEIGHT = 22;
/**
 * The office box's blank area to write in, its signature lines included: what is left of the page,
 * at least the minimum (else the box starts a page) and at most the maximum.
 */
const OFFICE_AREA_MIN_HEIGHT = 24 * MM;
const OFFICE_AREA_MAX_HEIGHT = 40 * MM;
/** Space between the office box and the QR code beside it. */
const QR_GAP = 14;
const LINE_GAP = 0; // Noto Sans SC lines are already 1.45 em high

const BORDER = '#555555';
const LABEL_FILL = '#f1f3f5';
const SECTION_FILL = '#dde3ea';
const MUTED = '#666666';

interface TextStyle {
  bold?: boolean;
  size: number;
  color?: string;
  align?: 'left' | 'center';
}

const CELL: TextStyle = { size: 10 };
const LABEL: TextStyle = { size: 10, align: 'center' };
const SECTION_TITLE: TextStyle = { size: 11, bold: true };
const TITLE: TextStyle = { size: 16, bold: true, align: 'center' };
const SUBTITLE: TextStyle = { size: 9, color: MUTED, align: 'center' };
const NOTE: TextStyle = { size: 9 };
const FOOTER: TextStyle = { size: 8, color: MUTED, align: 'center' };

interface Cell {
  text: string;
  width: number;
  style: TextStyle;
  fill?: string;
}

const resolvePackageFile = createRequire(import.meta.url).resolve;
type Font = fontkit.Font;
let fonts: Promise<{ regular: Font; bold: Font }> | undefined;

/** Text runs whose shaping a font keeps (per thread); the memo starts over past this many. */
const LAYOUT_MEMO_SIZE = 20_000;

/**
 * Keeps `font`'s default shaping of each text (fontkit's `layout` without features) for the next
 * documents: pdfkit keeps shaping per document only, and a batch of tickets sets the same labels,
 * notes and county names again and again, where OpenType shaping of CJK text is a large part of a
 * page's time. Each call answers its own copy of the positions, as pdfkit scales them in place.
 */
function memoiseLayout(font: Font): Font {
  const shape = font.layout.bind(font);
  const runs = new Map<string, fontkit.GlyphRun>();
  const copy = (run: fontkit.GlyphRun): fontkit.GlyphRun =>
    Object.assign(Object.create(Object.getPrototypeOf(run) as object) as fontkit.GlyphRun, run, {
      positions: run.positions.map((p) =>
        Object.assign(Object.create(Object.getPrototypeOf(p) as object), p),
      ),
    });
  font.layout = ((text: string, ...options: unknown[]) => {
    if (options.some((o) => o !== undefined))
      return (shape as (...a: unknown[]) => fontkit.GlyphRun)(text, ...options);
    let run = runs.get(text);
    if (!run) {
      if (runs.size >= LAYOUT_MEMO_SIZE) runs.clear();
      runs.set(text, (run = shape(text)));
    }
    return copy(run);
  }) as Font['layout'];
  return font;
}

/**
 * Reads and parses both Noto Sans SC weights once per process (≈10 MB each). Every document reuses
 * the parsed fonts (pdfkit accepts a fontkit font and subsets it per document), which saves the
 * table parsing that otherwise dominates the time of a one-page form, and their shaped text runs
 * ({@link memoiseLayout}).
 */
function loadFonts(): Promise<{ regular: Font; bold: Font }> {
  const file = async (weight: string) => {
    const data = await readFile(
      resolvePackageFile(`@expo-google-fonts/noto-sans-sc/${weight}/NotoSansSC_${weight}.ttf`),
    );
    return memoiseLayout(fontkit.create(data) as Font);
  };
  fonts ??= Promise.all([file('400Regular'), file('700Bold')]).then(([regular, bold]) => ({ regular, bold }));
  return fonts;
}

/**
 * Renders a form as an A4 portrait PDF (595.28 × 841.89 pt, 15 mm margins).
 *
 * Layout, top to bottom: the title (bold, centred, wrapped) and subtitle; the sections as one
 * bordered table — a shaded title row per section, then rows of shaded label cells and value cells,
 * two fields per row (a `span: 2` field, or an unpaired one, fills its row); the photo cell
 * (35 × 49 mm) sits at the top right of the table and the first rows are narrowed beside it; then
 * the numbered notes, and one row with the signature lines and the QR code (with an office box: the
 * signature lines, then the box with the QR code beside it). The label column is as wide as the
 * longest label needs (LABEL_MIN_WIDTH … LABEL_MAX_WIDTH; labels set smaller beyond). Long values
 * wrap and their row grows; content that does not fit continues on a new page. A single row taller
 * than a page is cut with an ellipsis rather than drawn off the page. Null, undefined and empty
 * values give empty cells.
 *
 * @returns the complete PDF file.
 * @throws if `photo` is not a JPEG or PNG (pdfkit: "Unknown image format."), if `qrText` is too long
 *   for a QR code, or if the font files of `@expo-google-fonts/noto-sans-sc` cannot be read.
 */
export async function renderFormPdf(form: FormDocument): Promise<Buffer> {
  const { regular, bold } = await loadFonts();
  const { title = form.title, author, subject } = form.metadata ?? {};
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    autoFirstPage: false,
    lang: 'zh-CN',
    // No default font: pdfkit would parse its Helvetica metrics for every document, and every text
    // here is set in Noto Sans SC.
    font: '',
    displayTitle: true,
    info: { Title: title, ...(author && { Author: author }), ...(subject && { Subject: subject }) },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // pdfkit takes a parsed fontkit font as it takes a file (its types only declare the latter).
  doc.registerFont('regular', regular as unknown as Buffer);
  doc.registerFont('bold', bold as unknown as Buffer);

  const writer = new FormWriter(doc, form); // a drawing error rejects here; the unfinished stream is dropped
  writer.header();
  for (const section of form.sections) writer.section(section);
  writer.closing();
  doc.end();
  return done;
}

/** Keeps the vertical position and the photo cell while the form is drawn, and breaks pages. */
class FormWriter {
  private y = MARGIN;
  /** The photo cell while rows are still being narrowed beside it. */
  private photoCell: { top: number; bottom: number } | undefined;
  /** The label column's width for this document (LABEL_MIN_WIDTH … LABEL_MAX_WIDTH). */
  private readonly labelWidth: number;
  /** The style of every label of this document: LABEL, or smaller so that the longest fits. */
  private readonly label: TextStyle;

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly form: FormDocument,
  ) {
    this.newPage();
    const labels = form.sections.flatMap((s) => s.fields.map((f) => f.label));
    if (form.officeBox) labels.push(form.officeBox.label);
    const longest = Math.max(0, ...labels.map((label) => this.measureWidth(label, LABEL)));
    // one point more than measured: pdfkit wraps a line that fills its width exactly
    this.labelWidth = Math.min(Math.max(longest + 2 * PAD_X + 1, LABEL_MIN_WIDTH), LABEL_MAX_WIDTH);
    const room = this.labelWidth - 2 * PAD_X - 1;
    this.label =
      longest <= room
        ? LABEL
        : { ...LABEL, size: Math.max(LABEL_MIN_SIZE, Math.floor((LABEL.size * room * 10) / longest) / 10) };
  }

  header(): void {
    this.block(this.form.title, TITLE, MARGIN, CONTENT_WIDTH);
    if (this.form.subtitle) {
      this.y += 3;
      this.block(this.form.subtitle, SUBTITLE, MARGIN, CONTENT_WIDTH);
    }
    this.y += 10;
    this.ensure(PHOTO_HEIGHT);
    this.photoCell = { top: this.y, bottom: this.y + PHOTO_HEIGHT };
  }

  section(section: PdfSection): void {
    this.ensure(2 * MIN_ROW_HEIGHT); // keep the title row with at least one field row
    this.row((width) => [{ text: section.title, width, style: SECTION_TITLE, fill: SECTION_FILL }]);
    for (const group of pairFields(section.fields)) {
      this.row((width) => {
        const valueWidth = (width - group.length * this.labelWidth) / group.length;
        return group.flatMap((field) => [
          { text: field.label, width: this.labelWidth, style: this.label, fill: LABEL_FILL },
          { text: field.value ?? '', width: valueWidth, style: CELL },
        ]);
      });
    }
  }

  /** Notes, then the row of signature lines and QR code. */
  closing(): void {
    this.closePhoto();
    const notes = this.form.notes ?? [];
    if (notes.length) this.y += 10;
    if (notes.length && this.form.notesTitle) {
      this.ensure(2 * MIN_ROW_HEIGHT);
      this.block(this.form.notesTitle, SECTION_TITLE, MARGIN, CONTENT_WIDTH);
      this.y += 4;
    }
    notes.forEach((note, i) => {
      const indent = 14;
      const height = this.measure(note, NOTE, CONTENT_WIDTH - indent);
      this.ensure(Math.min(height, CONTENT_BOTTOM - MARGIN));
      this.text(`${i + 1}.`, NOTE, MARGIN, this.y, indent, height);
      this.block(note, NOTE, MARGIN + indent, CONTENT_WIDTH - indent);
      this.y += 2;
    });

    const signatures = this.form.signatureLines ?? [];
    const box = this.form.officeBox;
    // With an office box the QR code stands beside the box, and these lines span the box's width.
    const qrText = box ? undefined : this.form.qrText;
    if (signatures.length || qrText) {
      const height = qrText ? QR_SIZE : MIN_ROW_HEIGHT;
      this.y += 14;
      this.ensure(height);
      const bottom = this.y + height;
      const beside = qrText ? QR_SIZE + 20 : box ? this.officeBoxBeside() : 0;
      this.signatures(signatures, MARGIN, CONTENT_WIDTH - beside, bottom);
      if (qrText) drawQr(this.doc, qrText, MARGIN + CONTENT_WIDTH - QR_SIZE, this.y, QR_SIZE);
      this.y = bottom;
    }
    if (box) this.officeBox(box);
  }

  /**
   * Labels each followed by a line to sign on, side by side in equal slots across `width` from `x`;
   * the lines sit 3 pt above `bottom`.
   */
  private signatures(labels: string[], x: number, width: number, bottom: number): void {
    const slot = width / Math.max(labels.length, 1);
    labels.forEach((label, i) => {
      const left = x + i * slot;
      const labelWidth = Math.min(this.measureWidth(label, CELL), slot - 40);
      this.text(label, CELL, left, bottom - 16, labelWidth + 1, 14);
      this.doc
        .moveTo(left + labelWidth + 2, bottom - 3)
        .lineTo(left + slot - 16, bottom - 3)
        .lineWidth(0.6)
        .strokeColor(BORDER)
        .stroke();
    });
  }

  /**
   * The office box (FormDocument.officeBox), kept whole on one page: the title row, the label cell
   * (the table's label column) beside the blank area with the signature lines at its foot, and the
   * QR code beside the box, its foot level with the box's. The area takes what is left of the page
   * (OFFICE_AREA_MIN_HEIGHT … OFFICE_AREA_MAX_HEIGHT).
   */
  private officeBox(box: NonNullable<FormDocument['officeBox']>): void {
    const { doc } = this;
    const qrText = this.form.qrText;
    const width = CONTENT_WIDTH - this.officeBoxBeside();
    this.y += 14;
    this.ensure(MIN_ROW_HEIGHT + OFFICE_AREA_MIN_HEIGHT);
    const top = this.y;
    const areaTop = top + MIN_ROW_HEIGHT;
    const area = Math.min(Math.max(CONTENT_BOTTOM - areaTop, OFFICE_AREA_MIN_HEIGHT), OFFICE_AREA_MAX_HEIGHT);
    const height = MIN_ROW_HEIGHT + area;
    doc.lineWidth(0.6).strokeColor(BORDER);
    doc.rect(MARGIN, top, width, MIN_ROW_HEIGHT).fillAndStroke(SECTION_FILL, BORDER);
    this.centred(box.title, SECTION_TITLE, MARGIN, top, width, MIN_ROW_HEIGHT);
    doc.rect(MARGIN, areaTop, this.labelWidth, area).fillAndStroke(LABEL_FILL, BORDER);
    this.centred(box.label, this.label, MARGIN, areaTop, this.labelWidth, area);
    doc.rect(MARGIN + this.labelWidth, areaTop, width - this.labelWidth, area).stroke();
    // The lines take the right part of the area, leaving the opinion its room on the left and above.
    const linesWidth = Math.min(width - this.labelWidth - 2 * PAD_X, 120 * box.signatureLines.length);
    this.signatures(box.signatureLines, MARGIN + width - PAD_X - linesWidth, linesWidth, top + height - 4);
    if (qrText) drawQr(doc, qrText, MARGIN + CONTENT_WIDTH - QR_SIZE, top + height - QR_SIZE, QR_SIZE);
    this.y = top + height;
  }

  /** The width beside the office box: the QR code and its gap, when there is a code. */
  private officeBoxBeside(): number {
    return this.form.qrText ? QR_SIZE + QR_GAP : 0;
  }

  /** `text` in a cell at (x, y) of `width` × `height`, padded and centred vertically. */
  private centred(text: string, style: TextStyle, x: number, y: number, width: number, height: number): void {
    const inner = Math.min(this.measure(text, style, width - 2 * PAD_X), height - 2 * PAD_Y);
    this.text(text, style, x + PAD_X, y + (height - inner) / 2, width - 2 * PAD_X, inner);
  }

  /** Lays out one table row at the current position; `build` gets the row width (narrower beside the photo). */
  private row(build: (width: number) => Cell[]): void {
    let cells = build(this.rowWidth());
    // Each cell's text is measured once: for the row's height and again for its vertical centring.
    let heights = this.cellHeights(cells);
    let height = this.rowHeight(heights);
    if (this.y + height > CONTENT_BOTTOM) {
      this.newPage();
      cells = build(this.rowWidth());
      heights = this.cellHeights(cells);
      height = this.rowHeight(heights);
    }
    const { doc } = this;
    let x = MARGIN;
    doc.lineWidth(0.6).strokeColor(BORDER);
    for (const [i, cell] of cells.entries()) {
      if (cell.fill) doc.rect(x, this.y, cell.width, height).fillAndStroke(cell.fill, BORDER);
      else doc.rect(x, this.y, cell.width, height).stroke();
      if (cell.text) {
        const inner = Math.min(heights[i]!, height - 2 * PAD_Y);
        const top = this.y + (height - inner) / 2;
        this.text(cell.text, cell.style, x + PAD_X, top, cell.width - 2 * PAD_X, inner);
      }
      x += cell.width;
    }
    this.y += height;
    if (this.photoCell && x < MARGIN + CONTENT_WIDTH - 1) {
      this.photoCell.bottom = Math.max(this.photoCell.bottom, this.y);
    }
  }

  private rowWidth(): number {
    const cell = this.photoCell;
    if (cell && this.y < cell.top + PHOTO_HEIGHT - 0.5) return CONTENT_WIDTH - PHOTO_WIDTH;
    this.closePhoto();
    return CONTENT_WIDTH;
  }

  private cellHeights(cells: Cell[]): number[] {
    return cells.map((c) => this.measure(c.text, c.style, c.width - 2 * PAD_X));
  }

  private rowHeight(heights: number[]): number {
    const text = Math.max(0, ...heights);
    return Math.min(Math.max(text + 2 * PAD_Y, MIN_ROW_HEIGHT), CONTENT_BOTTOM - MARGIN);
  }

  /** Draws the photo cell (as tall as the rows beside it, at least 49 mm) and moves below it. */
  private closePhoto(): void {
    const cell = this.photoCell;
    if (!cell) return;
    this.photoCell = undefined;
    const { doc, form } = this;
    const x = MARGIN + CONTENT_WIDTH - PHOTO_WIDTH;
    doc
      .lineWidth(0.6)
      .strokeColor(BORDER)
      .rect(x, cell.top, PHOTO_WIDTH, cell.bottom - cell.top)
      .stroke();
    const boxTop = cell.top + (cell.bottom - cell.top - PHOTO_HEIGHT) / 2;
    if (form.photo) {
      doc.image(form.photo, x + 3, boxTop + 3, {
        fit: [PHOTO_WIDTH - 6, PHOTO_HEIGHT - 6],
        align: 'center',
        valign: 'center',
      });
    } else if (form.photoPlaceholder) {
      const style: TextStyle = { size: 10, color: MUTED, align: 'center' };
      const height = this.measure(form.photoPlaceholder, style, PHOTO_WIDTH - 2 * PAD_X);
      this.text(
        form.photoPlaceholder,
        style,
        x + PAD_X,
        boxTop + (PHOTO_HEIGHT - height) / 2,
        PHOTO_WIDTH - 2 * PAD_X,
        height,
      );
    }
    this.y = Math.max(this.y, cell.bottom);
  }

  /** Wrapped text across `width` at the current position, moving below it; breaks the page first if needed. */
  private block(text: string, style: TextStyle, x: number, width: number): void {
    const height = Math.min(this.measure(text, style, width), CONTENT_BOTTOM - MARGIN);
    this.ensure(height);
    this.text(text, style, x, this.y, width, height);
    this.y += height;
  }

  private ensure(height: number): void {
    if (this.y + height > CONTENT_BOTTOM) this.newPage();
  }

  private newPage(): void {
    this.closePhoto();
    this.doc.addPage();
    this.y = MARGIN;
    if (this.form.footer) this.text(this.form.footer, FOOTER, MARGIN, CONTENT_BOTTOM + 14, CONTENT_WIDTH, 12);
  }

  private useStyle(style: TextStyle): PDFKit.PDFDocument {
    return this.doc
      .font(style.bold ? 'bold' : 'regular')
      .fontSize(style.size)
      .fillColor(style.color ?? '#000000');
  }

  private measure(text: string, style: TextStyle, width: number): number {
    if (!text) return 0;
    return this.useStyle(style).heightOfString(text, { width, lineGap: LINE_GAP });
  }

  private measureWidth(text: string, style: TextStyle): number {
    return this.useStyle(style).widthOfString(text);
  }

  /**
   * Draws text in a box. The explicit height keeps pdfkit from adding pages on its own: text
   * beyond it is cut with an ellipsis.
   */
  private text(text: string, style: TextStyle, x: number, y: number, width: number, height: number): void {
    this.useStyle(style).text(text, x, y, {
      width,
      height: height + 1,
      lineGap: LINE_GAP,
      align: style.align ?? 'left',
      ellipsis: true,
    });
  }
}

/** Groups fields into table rows: a `span: 2` field alone, others in pairs (an unpaired one alone). */
function pairFields(fields: PdfField[]): PdfField[][] {
  const rows: PdfField[][] = [];
  let pending: PdfField | undefined;
  for (const field of fields) {
    if (field.span === 2) {
      if (pending) rows.push([pending]);
      rows.push([field]);
      pending = undefined;
    } else if (pending) {
      rows.push([pending, field]);
      pending = undefined;
    } else {
      pending = field;
    }
  }
  if (pending) rows.push([pending]);
  return rows;
}

/** Draws `text` as a vector QR code (error correction M) in a `size`-pt square at (x, y). */
function drawQr(doc: PDFKit.PDFDocument, text: string, x: number, y: number, size: number): void {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const unit = size / n;
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n;) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < n && modules.get(row, col)) col++;
      doc.rect(x + start * unit, y + row * unit, (col - start) * unit, unit);
    }
  }
  doc.fillColor('#000000').fill();
}
