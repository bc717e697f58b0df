SELECT a.i, b.k, st.x, arr[0], mp['k'], explode(arr) FROM f.t a JOIN f.p b ON a.l = b.v AND a.i IS NOT NULL
