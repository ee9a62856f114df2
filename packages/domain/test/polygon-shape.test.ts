import { describe, expect, it } from 'vitest';
import { closedRing, polygonProblem } from '../src/geo/polygon-shape';
import type { LngLat } from '../src/constants';

const square: LngLat[] = [
  [-70.6, -33.4],
  [-70.5, -33.4],
  [-70.5, -33.5],
  [-70.6, -33.5],
];

describe('a zone drawn in the back office', () => {
  it('a square, open or closed, is a polygon', () => {
    expect(polygonProblem([square])).toBeNull();
    expect(polygonProblem([closedRing(square)])).toBeNull();
    expect(closedRing(square)).toHaveLength(5);
  });

  it('two vertices, or three on a line, are not', () => {
    expect(polygonProblem([square.slice(0, 2)])).toBe('tooFewVertices');
    expect(
      polygonProblem([
        [
          [-70.6, -33.4],
          [-70.5, -33.4],
          [-70.4, -33.4],
        ],
      ]),
    ).toBe('tooFewVertices');
    expect(polygonProblem([])).toBe('tooFewVertices');
  });

  it('a latitude past the pole is refused', () => {
    expect(polygonProblem([[...square.slice(0, 3), [-70.6, -95]]])).toBe('outOfRange');
  });

  it('a bow tie crosses itself', () => {
    expect(polygonProblem([[square[0]!, square[1]!, square[3]!, square[2]!]])).toBe('selfIntersecting');
  });
});
