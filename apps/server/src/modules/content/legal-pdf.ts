import { PDFDocument, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib';
import sanitize from 'sanitize-html';
import type { LegalPage } from '@despensa/contracts';

/** An A4 page in points, its margin and the type sizes of the document. */
const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const SIZE = { title: 18, heading: 13, body: 10.5 };
const LEADING = 1.45;

/**
 * §3 legal agreements: the document the terms-update dialog links to is a PDF. It is printed from the same
 * CMS page the shop shows at /informaciones-legales/{slug}, so the two never say different things.
 */
export async function legalPagePdf(page: LegalPage, brandName: string): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(page.title);
  pdf.setAuthor(brandName);
  pdf.setLanguage('es-CL');
  // A fixed date keeps the same page's PDF the same bytes (a cache can revalidate it).
  pdf.setCreationDate(new Date(page.updatedAt));
  pdf.setModificationDate(new Date(page.updatedAt));
  const fonts = {
    regular: await pdf.embedFont(StandardFonts.Helvetica),
    bold: await pdf.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new PageWriter(pdf, fonts.regular);
  writer.paragraph(page.title, fonts.bold, SIZE.title);
  writer.paragraph(
    `Actualizado el ${new Date(page.updatedAt).toLocaleDateString('es-CL')}`,
    fonts.regular,
    9,
  );
  for (const section of page.sections) {
    writer.gap(SIZE.body);
    writer.paragraph(section.title, fonts.bold, SIZE.heading);
    for (const block of blocksOf(section.html)) writer.paragraph(block, fonts.regular, SIZE.body);
  }
  return pdf.save();
}

/** The text blocks (paragraphs, list items, headings) of a sanitised CMS fragment. */
function blocksOf(html: string): string[] {
  const marked = html.replace(/<li[^>]*>/gi, '\n• ').replace(/<\/(p|li|h[1-6]|ul|ol)>|<br\s*\/?>/gi, '\n');
  const text = sanitize(marked, { allowedTags: [], allowedAttributes: {} });
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
}

function decodeEntities(text: string): string {
  return text
    .replace(/&nbsp;/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** Lays text out top to bottom, wrapping lines and starting a new page when one is full. */
class PageWriter {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly font: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
  }

  gap(size: number): void {
    this.y -= size * 0.6;
  }

  paragraph(text: string, font: PDFFont, size: number): void {
    for (const line of wrap(printable(text, this.font), font, size, PAGE.width - 2 * PAGE.margin)) {
      if (this.y - size < PAGE.margin) {
        this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
        this.y = PAGE.height - PAGE.margin;
      }
      this.y -= size * LEADING;
      this.page.drawText(line, { x: PAGE.margin, y: this.y, size, font });
    }
    this.y -= size * 0.4;
  }
}

/** The standard fonts speak WinAnsi (every Spanish letter); anything else is left out rather than fail. */
function printable(text: string, font: PDFFont): string {
  return [...text].filter((char) => font.getCharacterSet().includes(char.codePointAt(0)!)).join('');
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}
