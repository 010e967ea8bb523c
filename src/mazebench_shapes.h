/*
 * mazebench_shapes.h - the list of cell shapes, one line a shape, from
 * which src/mazebench.h makes enum mz_shape and MZ_SHAPE_COUNT and the
 * library makes its tables and its per-shape code (docs/shapes.md, "The
 * shape table"; docs/extending.md, "Adding a cell shape"). Macros only:
 * mazebench.h includes it, an embedder need not.
 *
 * X(ID, name): MZ_SHAPE_ID is the enum value (in the order of the lines,
 * from 0: a shape's value is part of the ABI and of every digest, so a new
 * shape goes at the end and no line ever moves); name is the C name of
 * its record, mz_shape_NAME, in src/core/shapes/NAME.c (the name the CLI
 * and the files use is the record's own .name: "3d" for cube).
 *
 * MZ_SHAPE_LIST names every shape; MZ_SHAPES_BUT_SQUARE every one but
 * square cells (the shapes whose generators and solvers take the ports
 * path, one copy of the loop a shape).
 */
#ifndef MAZEBENCH_SHAPES_H
#define MAZEBENCH_SHAPES_H

#define MZ_SHAPES_BUT_SQUARE(X)                                                                \
    X(HEX, hex)                                                                                \
    X(TRI, tri)                                                                                \
    X(POLAR, polar)                                                                            \
    X(CUBE, cube)                                                                              \
    X(WEAVE, weave)                                                                            \
    X(TORUS, torus)

#define MZ_SHAPE_LIST(X) X(ORTHO, ortho) MZ_SHAPES_BUT_SQUARE(X)

#endif /* MAZEBENCH_SHAPES_H */
